// Fills a running Shule with a demo school through its API, for trying the screens:
//   node scripts/seed-demo.mjs [http://localhost:3000]
// Prints the admin's phone and password. Everything goes through the public endpoints, so the
// data obeys the same rules as data typed into the app.
const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const adminPhone = `07${String(Date.now()).slice(-8)}`;
const password = 'demo1234';
let token = '';

async function call(method, path, body) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

await call('POST', '/schools/register_school/', {
  school: {
    name: 'Mwangaza Secondary School',
    postal_code: '20100',
    county: 'Nakuru',
    phone_number: '0722000111',
    email: 'info@mwangaza.ac.ke',
    year_established: '1987',
    type: 'IPS',
  },
  admin: { first_name: 'Grace', last_name: 'Njeri', phone_number: adminPhone, password },
});
const login = await call('POST', '/users/login/', { username: adminPhone, password });
token = login.tokens.access;
const school = login.user.school.id;

const teacherNames = [
  ['Daniel', 'Kiprono', 'male'],
  ['Faith', 'Achieng', 'female'],
];
const teachers = [];
for (const [i, [first_name, last_name, gender]] of teacherNames.entries()) {
  const { teacher } = await call('POST', '/staff/teachers/', {
    first_name,
    last_name,
    gender,
    phone_number: `07${String(Date.now() + i + 1).slice(-8)}`,
    tsc_number: `TSC${500100 + i}`,
    email: `${first_name.toLowerCase()}@mwangaza.ac.ke`,
  });
  teachers.push(teacher);
}

const classes = [];
for (const [i, name] of ['Form 1 East', 'Form 2 West'].entries()) {
  const { class: created } = await call('POST', `/classes/?school=${school}`, { name });
  await call('PATCH', `/classes/${created.id}/`, { class_teacher: teachers[i].id });
  classes.push(created);
}

const pupils = [
  ['Brian', 'Otieno', 'male', '2010-03-14', 0, ['Mary', 'Otieno', '0733100200']],
  ['Cynthia', 'Otieno', 'female', '2011-07-02', 1, ['Mary', 'Otieno', '0733100200']],
  ['Kevin', 'Mutua', 'male', '2010-11-23', 0, ['Joseph', 'Mutua', '0733100201']],
  ['Wanjiru', 'Kamau', 'female', '2010-01-30', 0, ['Ann', 'Kamau', '0733100202']],
  ['Hassan', 'Ali', 'male', '2009-09-09', 1, ['Fatuma', 'Ali', '0733100203']],
  ['Lucy', 'Chebet', 'female', '2009-05-17', 1, ['Paul', 'Chebet', '0733100204']],
];
const students = [];
for (const [first_name, last_name, gender, date_of_birth, classIndex, [pf, pl, phone]] of pupils) {
  const { student } = await call('POST', `/classes/${classes[classIndex].id}/add_student`, {
    first_name,
    last_name,
    gender,
    date_of_birth,
    parent: { first_name: pf, last_name: pl, phone_number: phone },
  });
  students.push(student);
}

const subjects = [];
for (const [name, code] of [
  ['Mathematics', 'MAT'],
  ['English', 'ENG'],
  ['Kiswahili', 'KIS'],
]) {
  subjects.push(
    await call('POST', '/grades/subjects/', { name, code, classes: classes.map((c) => c.id) }),
  );
}
await call('POST', '/grades/grades/kcse/', {});
// Three subjects are too few for KNEC's rule (seven): the demo's results are the average's.
await call('PATCH', `/schools/${school}/`, { grading_scheme: 'average' });

const year = await call('POST', '/fees/academic_years/', {
  name: '2026',
  start_date: '2026-01-05',
  end_date: '2026-11-27',
});
await call('POST', '/fees/terms/', {
  name: 'Term 3',
  start_date: '2026-08-24',
  end_date: '2026-10-23',
  academic_year: year.id,
});
const exam = await call('POST', '/grades/exams/', {
  name: 'End of Term 3',
  start_date: '2026-10-12',
  end_date: '2026-10-16',
});
for (const [i, student] of students.entries()) {
  await call('POST', '/grades/student_subject_grades/', {
    student: student.id,
    exam: exam.id,
    subject_marks: Object.fromEntries(
      subjects.map((s, j) => [s.id, 45 + ((i * 13 + j * 17) % 50)]),
    ),
  });
}

console.log(`Demo school ready at ${base}: log in with ${adminPhone} / ${password}`);
