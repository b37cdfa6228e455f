import type { ClassConsents } from '@shule/shared/consents';
import type { School } from '@shule/shared/schools';
import { drawSchoolHeader } from '../../pdf/header';
import { FONTS, type Margins, type PrintOptions, Printout } from '../../pdf/page';
import { drawTable, type TableColumn } from '../../pdf/table';

/**
 * The paper SMS consent form of a class: the school's header, what the consent allows (Data
 * Protection Act 2019, s.33), then one line per student's parent to tick Yes or No and sign,
 * the column heads repeated on each page. The answers are then recorded on the class's
 * "SMS consents" screen.
 */
const MARGINS: Margins = { top: 30, bottom: 36, left: 30, right: 30 };
export const CONSENT_FORM_TITLE = "PARENTS' CONSENT TO SMS";
export const CONSENT_FORM_TEXT =
  'The school sends SMS to parents: messages from the school, exam results, fee balances and ' +
  "absences. Under Kenya's Data Protection Act 2019 it may text you only with your consent. " +
  "Tick Yes or No beside your child's name, and sign. You may change your answer at any time " +
  'by telling the school.';
export const CONSENT_FORM_FOOTER =
  'Return this form to the class teacher. The answers are recorded in Shule: Students, SMS consents.';

/** A box for the parent to tick, in the middle of its cell. */
const tickBox: TableColumn['draw'] = (doc, box) => {
  doc
    .lineWidth(0.8)
    .strokeColor('black')
    .rect(box.x + box.width / 2 - 6, box.y + box.height / 2 - 6, 12, 12)
    .stroke();
};

const COLUMNS: TableColumn[] = [
  { head: 'NO.', width: 22, align: 'center' },
  { head: 'ADM NO', width: 44 },
  { head: 'STUDENT', width: 112 },
  { head: 'PARENT / GUARDIAN', width: 108 },
  { head: 'PHONE', width: 60 },
  { head: 'YES', width: 26, align: 'center', draw: tickBox },
  { head: 'NO', width: 26, align: 'center', draw: tickBox },
  { head: 'SIGNATURE', width: 85.28 },
  { head: 'DATE', width: 52 },
];

export const consentFormFileName = (className: string) =>
  `sms-consent-form-${
    className
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'class'
  }`;

export function renderConsentFormPdf(
  consents: ClassConsents,
  school: School,
  { crest = null, printedOn = new Date() }: PrintOptions = {},
): Promise<Buffer> {
  const title = `${CONSENT_FORM_TITLE} · ${consents.class.name}`;
  const printout = new Printout({ margins: MARGINS, school, title, crest });
  const { doc } = printout;
  drawSchoolHeader(printout);
  doc.font(FONTS.regular).fontSize(9).fillColor('black');
  doc.text(CONSENT_FORM_TEXT, printout.left, printout.y + 4, { width: printout.width });
  printout.y = doc.y + 10;
  drawTable(
    printout,
    COLUMNS,
    consents.students.map((s, i) => ({
      cells: [
        String(i + 1),
        s.admission_number,
        `${s.first_name} ${s.last_name}`,
        s.parent ? `${s.parent.first_name} ${s.parent.last_name}` : '',
        s.parent?.phone_number ?? '',
      ],
      fill: null,
    })),
    { fontSize: 8.5, headFontSize: 7.5, rowHeight: 26, headHeight: 18, rules: true },
  );
  return printout.finish(CONSENT_FORM_FOOTER, printedOn);
}
