import { describe, expect, it } from 'vitest';
import { readPhone } from './fields';
import { FULL_NAME_MESSAGES } from './full-name';
import { STUDENT_CSV_COLUMNS } from './student-columns';
import {
  columnOfHeader,
  missingStudentColumns,
  readDate,
  readStudentCsv,
  STUDENT_IMPORT_MESSAGES,
  smsConsentCounts,
  studentPreviewOf,
} from './student-import';

const TODAY = '2026-11-26';
const HEADER =
  'first_name,last_name,date_of_birth,gender,class,admission_number,parent_first_name,parent_last_name,parent_phone,parent_email';
const read = (text: string) => readStudentCsv(text, TODAY);

describe('readStudentCsv', () => {
  it('reads a clean row into a student, parent nested, phone and date normalised', () => {
    const file = read(
      `${HEADER}\nWanjiru,Ng'ang'a,14/3/2012,F,Form 1,,Mary,Wa'Njeri,0722 111 222,`,
    );
    expect(file.file_errors).toEqual([]);
    expect(file.rows).toHaveLength(1);
    expect(file.rows[0]!.errors).toEqual({});
    expect(file.rows[0]!.row).toBe(2);
    expect(file.rows[0]!.student).toMatchObject({
      first_name: 'Wanjiru',
      last_name: "Ng'ang'a",
      date_of_birth: '2012-03-14',
      gender: 'female',
      class: 'Form 1',
      admission_number: null,
      parent: {
        first_name: 'Mary',
        last_name: "Wa'Njeri",
        phone_number: '0722111222',
        email: null,
      },
      upi: null,
      entry_marks: null,
    });
  });

  it('reads quoted fields, a BOM, CRLF and semicolons; empty lines are skipped, rows keep their lines', () => {
    const text = `\uFEFF${HEADER.replaceAll(',', ';')}\r\n\r\n"Otieno; Jr";Odhiambo;2011-01-02;male;"Form 1";;"Ann ""Nyar"" ";Achieng;722111222;\r\n;;;;;;;;;\r\nJuma;Hassan;2011-01-02;m;Form 1;;Ali;Hassan;+254733000111;a@b.co\r\n`;
    const file = read(text);
    expect(file.rows.map((r) => r.row)).toEqual([3, 5]);
    expect(file.rows[0]!.student?.first_name).toBe('Otieno; Jr');
    expect(file.rows[0]!.student?.parent.first_name).toBe('Ann "Nyar"');
    expect(file.rows[0]!.student?.parent.phone_number).toBe('0722111222');
    expect(file.rows[1]!.student?.parent.phone_number).toBe('0733000111');
    expect(file.rows[1]!.student?.parent.email).toBe('a@b.co');
  });

  it('matches headers ignoring case, spaces and underscores, and by label; unknown headers are ignored', () => {
    expect(columnOfHeader('Parent Phone')).toBe('parent_phone');
    expect(columnOfHeader('DATE_OF_BIRTH')).toBe('date_of_birth');
    expect(columnOfHeader('NHIF/SHA number')).toBe('nhif_number');
    expect(columnOfHeader('Favourite colour')).toBeUndefined();
    const file = read(
      'First Name,LAST NAME,Date Of Birth,gender,Class,Parent first name,parent_last_name,ParentPhone,Colour\nAmina,Ali,2012-01-01,Female,Form 1,Fatuma,Ali,0722111222,blue',
    );
    expect(file.rows[0]!.errors).toEqual({});
    expect(file.rows[0]!.values).not.toHaveProperty('Colour');
  });

  it('names the missing required columns as a file error', () => {
    const file = read('first_name,last_name,class\nA,B,C');
    expect(file.rows).toEqual([]);
    expect(file.file_errors).toEqual([
      STUDENT_IMPORT_MESSAGES.missingColumns([
        'Date of birth',
        'Gender',
        'Parent first name and Parent last name (or Parent full name)',
        'Parent phone',
      ]),
    ]);
    expect(file.file_errors[0]).toContain('The file has no Date of birth, Gender');
    expect(read('').file_errors).toEqual([STUDENT_IMPORT_MESSAGES.noRows]);
    expect(read(`${HEADER}\n\n`).file_errors).toEqual([STUDENT_IMPORT_MESSAGES.noRows]);
  });

  it('says every problem of a row in words, by column', () => {
    const full = STUDENT_CSV_COLUMNS.join(',');
    const row = [
      '', // first_name
      'B',
      '31/02/2012',
      'boy',
      '',
      'A B',
      '',
      'X',
      '07221',
      'not-an-email',
      '12',
      'UPI-1',
      'BC#1',
      'KCSE',
      '123',
      '70.5',
      'Kenyan',
      'Atlantis',
      '',
      '',
      '',
      'N-1',
    ].join(',');
    const { rows } = read(`${full}\n${row}`);
    expect(rows[0]!.student).toBeUndefined();
    expect(rows[0]!.errors).toEqual({
      first_name: ['First name is required'],
      date_of_birth: [STUDENT_IMPORT_MESSAGES.dateFormat],
      gender: [STUDENT_IMPORT_MESSAGES.gender],
      class: ['Class is required'],
      admission_number: [STUDENT_IMPORT_MESSAGES.admissionNumber],
      parent_first_name: ['Parent first name is required'],
      parent_phone: ["Phone number must be 10 digits starting with '0'"],
      parent_email: ['Please enter a valid email'],
      parent_national_id_number: ['National ID number must be 6 to 9 digits'],
      upi: ['UPI must be letters and digits only'],
      birth_certificate_number: ['Birth certificate number must be letters, digits, / or - only'],
      entry_exam: [STUDENT_IMPORT_MESSAGES.entryExam],
      entry_index_number: ['Index number must be 11 digits'],
      entry_marks: [STUDENT_IMPORT_MESSAGES.entryMarks],
      county: ['Choose one of the 47 counties'],
      nhif_number: ['NHIF/SHA number must be letters and digits only'],
    });
  });

  it('reads the register fields: county by name in any case, upper-case identifiers', () => {
    const full = STUDENT_CSV_COLUMNS.join(',');
    const row =
      "Amina,Ali,2012-01-01,female,Form 1,2024/15,Fatuma,Ali,0722111222,,12345678,ab12,bc/2012-9,kcpe,12345678901,380,Kenyan,murang'a,Kandara,Uses a wheelchair,Asthma,sha123";
    const { rows } = read(`${full}\n${row}`);
    expect(rows[0]!.errors).toEqual({});
    expect(rows[0]!.student).toMatchObject({
      admission_number: '2024/15',
      upi: 'AB12',
      birth_certificate_number: 'BC/2012-9',
      entry_exam: 'KCPE',
      entry_index_number: '12345678901',
      entry_marks: 380,
      county: "Murang'a",
      sub_county: 'Kandara',
      nhif_number: 'SHA123',
      parent: { national_id_number: '12345678' },
    });
  });

  it('refuses a birth date in the future or before 1900', () => {
    const at = (date: string) =>
      read(`${HEADER}\nA,B,${date},male,F1,,C,D,0722111222,`).rows[0]!.errors.date_of_birth;
    expect(at('27/11/2026')).toEqual(['Date of birth cannot be in the future']);
    expect(at('1899-12-31')).toEqual(['Date of birth must be after 1900']);
    expect(at('2012-13-01')).toEqual([STUDENT_IMPORT_MESSAGES.dateFormat]);
    expect(at('')).toEqual(['Date of birth is required']);
    expect(at('26/11/2026')).toBeUndefined();
  });

  it('an admission number or UPI twice in the file: both rows say where the other is', () => {
    const text = `${HEADER},upi\nA,B,2012-01-01,m,F1,7,C,D,0722111222,,X1\nA,C,2012-01-01,m,F1,7,C,D,0722111222,,x1`;
    const { rows } = read(text);
    expect(rows[0]!.errors).toEqual({
      admission_number: [STUDENT_IMPORT_MESSAGES.twiceInFile('Admission number', '7', 3)],
      upi: [STUDENT_IMPORT_MESSAGES.twiceInFile('UPI', 'X1', 3)],
    });
    expect(rows[1]!.errors.admission_number).toEqual([
      STUDENT_IMPORT_MESSAGES.twiceInFile('Admission number', '7', 2),
    ]);
    expect(rows.every((r) => r.student === undefined)).toBe(true);
  });

  it('reads back what the export wrote defused for a spreadsheet', () => {
    const { rows } = read(`${HEADER}\nA,B,2012-01-01,m,F1,,C,D,'+254722111222,`);
    expect(rows[0]!.student?.parent.phone_number).toBe('0722111222');
  });
});

describe('a Kenyan register', () => {
  it("recognises the headers registers use; 'Adm No' is never ignored", () => {
    const headers = {
      'Adm No': 'admission_number',
      'Adm. No.': 'admission_number',
      'ADM NO': 'admission_number',
      'Admission No': 'admission_number',
      Surname: 'last_name',
      'Other names': 'first_name',
      'OTHER NAMES': 'first_name',
      Sex: 'gender',
      'Sex (M/F)': 'gender',
      'D.O.B': 'date_of_birth',
      DOB: 'date_of_birth',
      'Parent/Guardian': 'parent_full_name',
      'Parent/Guardian Name': 'parent_full_name',
      'PARENT/GUARDIAN': 'parent_full_name',
      Tel: 'parent_phone',
      'TEL.': 'parent_phone',
      Contact: 'parent_phone',
      NAME: 'full_name',
      'Full name': 'full_name',
      CONSENT: 'sms_consent',
      'SMS consent': 'sms_consent',
      'Photo consent': 'photo_consent',
    };
    for (const [header, column] of Object.entries(headers))
      expect(columnOfHeader(header), header).toBe(column);
  });

  it('needs no first and last name columns when a full name column is there', () => {
    expect(missingStudentColumns(new Set(['full_name', 'parent_full_name']))).toEqual([
      'Date of birth',
      'Gender',
      'Class',
      'Parent phone',
    ]);
    expect(missingStudentColumns(new Set(['last_name', 'parent_first_name']))).toContain(
      'First name and Last name (or Full name)',
    );
  });

  const REGISTER =
    'NAME,ADM NO,SEX,D.O.B,CLASS,PARENT/GUARDIAN,TEL,CONSENT\n' +
    'John Mwangi Kamau,1001,M,3/4/2011,Form 1,Mary Wanjiku Kamau,0712 345 678,Yes\n' +
    'Achieng Otieno,1002,F,2011-05-06,Form 1,Peter Otieno,+254722000111,No\n' +
    'Juma Hassan,1003,M,2011-05-06,Form 1,Ali Hassan,0733000111,\n';

  it('splits a full name with the last word as the surname, and shows the split in the values', () => {
    const file = read(REGISTER);
    expect(file.file_errors).toEqual([]);
    const [john] = file.rows;
    expect(john!.errors).toEqual({});
    expect(john!.values).toMatchObject({
      full_name: 'John Mwangi Kamau',
      first_name: 'John Mwangi',
      last_name: 'Kamau',
      parent_first_name: 'Mary Wanjiku',
      parent_last_name: 'Kamau',
    });
    expect(john!.student).toMatchObject({
      first_name: 'John Mwangi',
      last_name: 'Kamau',
      admission_number: '1001',
      gender: 'male',
      date_of_birth: '2011-04-03',
      parent: { first_name: 'Mary Wanjiku', last_name: 'Kamau', phone_number: '0712345678' },
      consents: { sms: 'granted', photos: 'unknown' },
    });
    expect(file.rows[1]!.student?.consents.sms).toBe('refused');
    expect(file.rows[2]!.student?.consents.sms).toBe('unknown');
  });

  it('splits with the first word as the surname when the school says so', () => {
    const file = readStudentCsv(REGISTER, TODAY, 'surname_first');
    expect(file.rows[0]!.student).toMatchObject({
      first_name: 'Mwangi Kamau',
      last_name: 'John',
      parent: { first_name: 'Wanjiku Kamau', last_name: 'Mary' },
    });
  });

  it('says a one-word or empty full name is the problem, and keeps first and last names given', () => {
    const file = read(
      'Full name,Surname,Other names,DOB,Sex,Class,Parent,Tel\n' +
        'Kamau,,,2011-01-01,M,Form 1,Mary Kamau,0712345678\n' +
        ',,,2011-01-01,M,Form 1,Mary Kamau,0712345678\n' +
        'whatever,Otieno,Achieng,2011-01-01,F,Form 1,Peter Otieno,0722000111\n',
    );
    expect(file.rows[0]!.errors).toEqual({
      full_name: [FULL_NAME_MESSAGES.oneWord('Full name')],
    });
    expect(file.rows[1]!.errors).toEqual({ full_name: [FULL_NAME_MESSAGES.required('Full name')] });
    expect(file.rows[2]!.student).toMatchObject({ first_name: 'Achieng', last_name: 'Otieno' });
  });

  it('reads the consent words schools write, and refuses others', () => {
    const file = read(
      'NAME,DOB,Sex,Class,Parent,Tel,SMS consent,Photo consent\n' +
        'A B,2011-01-01,M,Form 1,C D,0712345678,granted,Given\n' +
        'A B,2011-01-01,M,Form 1,C D,0712345679,Y,N\n' +
        'A B,2011-01-01,M,Form 1,C D,0712345670,maybe,refused\n',
    );
    expect(file.rows[0]!.student?.consents).toEqual({ sms: 'granted', photos: 'granted' });
    expect(file.rows[1]!.student?.consents).toEqual({ sms: 'granted', photos: 'refused' });
    expect(file.rows[2]!.errors).toEqual({ sms_consent: [STUDENT_IMPORT_MESSAGES.consent('SMS')] });
  });

  it('counts in parents who will get no SMS: siblings once, refused over not asked', () => {
    const file = read(
      'NAME,DOB,Sex,Class,Parent,Tel,Consent\n' +
        'A B,2011-01-01,M,Form 1,C D,0712000001,Yes\n' +
        'E B,2011-01-01,M,Form 1,C D,0712000001,\n' +
        'F G,2011-01-01,M,Form 1,H G,0712000002,No\n' +
        'I G,2011-01-01,M,Form 1,H G,0712000002,\n' +
        'J K,2011-01-01,M,Form 1,L K,0712000003,yes\n' +
        'M N,2011-01-01,M,Form 1,O N,0712000004,\n' +
        'bad,2011-01-01,M,Form 1,O N,0712000005,\n',
    );
    expect(smsConsentCounts(file)).toEqual({ granted: 1, refused: 1, not_asked: 2 });
    expect(studentPreviewOf(file)).toMatchObject({ valid: 6, invalid: 1 });
    expect(STUDENT_IMPORT_MESSAGES.noSms(3)).toBe(
      '3 parents will get no SMS until their consent is recorded',
    );
  });
});

describe('readDate and readPhone', () => {
  it('reads the date formats of Kenyan spreadsheets', () => {
    expect(readDate('2012-03-04')).toBe('2012-03-04');
    expect(readDate('04/03/2012')).toBe('2012-03-04');
    expect(readDate('4/3/2012')).toBe('2012-03-04');
    expect(readDate('March 4 2012')).toBeUndefined();
  });

  it('normalises Kenyan phone numbers to 07… / 01…', () => {
    expect(readPhone('0722 111 222')).toBe('0722111222');
    expect(readPhone('722111222')).toBe('0722111222');
    expect(readPhone('110111222')).toBe('0110111222');
    expect(readPhone('+254722111222')).toBe('0722111222');
    expect(readPhone('254722111222')).toBe('0722111222');
    expect(readPhone('0722-111-222')).toBe('0722111222');
    expect(readPhone('12345')).toBe('12345');
  });
});
