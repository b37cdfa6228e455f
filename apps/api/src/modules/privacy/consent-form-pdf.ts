import type { ClassConsents } from '@shule/shared/consents';
import type { School } from '@shule/shared/schools';
import {
  a4Document,
  BOLD,
  drawCell,
  drawFooters,
  drawRunningHeader,
  drawSchoolHeader,
  HEAD_FILL,
  type ListPdfOptions,
  type Margins,
  REGULAR,
  RULE,
} from '../../pdf/page';

/**
 * The paper SMS consent form of a class: the school's header, what the consent allows (Data
 * Protection Act 2019, s.33), then one line per student's parent to tick Yes or No and sign,
 * the column heads repeated on each page. The answers are then recorded on the class's
 * "SMS consents" screen.
 */
const MARGINS: Margins = { top: 30, bottom: 36, left: 30, right: 30 };
const FONT_SIZE = 8.5;
const ROW_HEIGHT = 26;
const HEAD_HEIGHT = 18;

export const CONSENT_FORM_TITLE = "PARENTS' CONSENT TO SMS";
export const CONSENT_FORM_TEXT =
  'The school sends SMS to parents: messages from the school, exam results, fee balances and ' +
  "absences. Under Kenya's Data Protection Act 2019 it may text you only with your consent. " +
  "Tick Yes or No beside your child's name, and sign. You may change your answer at any time " +
  'by telling the school.';
export const CONSENT_FORM_FOOTER =
  'Return this form to the class teacher. The answers are recorded in Shule: Students, SMS consents.';

const COLUMNS = [
  { head: 'NO.', width: 22, align: 'center' },
  { head: 'ADM NO', width: 44, align: 'left' },
  { head: 'STUDENT', width: 112, align: 'left' },
  { head: 'PARENT / GUARDIAN', width: 108, align: 'left' },
  { head: 'PHONE', width: 60, align: 'left' },
  { head: 'YES', width: 26, align: 'center' },
  { head: 'NO', width: 26, align: 'center' },
  { head: 'SIGNATURE', width: 85.28, align: 'left' },
  { head: 'DATE', width: 52, align: 'left' },
] as const;

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
  { crest = null, printedOn = new Date() }: ListPdfOptions = {},
): Promise<Buffer> {
  const title = `${CONSENT_FORM_TITLE} · ${consents.class.name}`;
  const { doc, done } = a4Document({ margins: MARGINS, school, title });
  const left = MARGINS.left;
  const width = doc.page.width - MARGINS.left - MARGINS.right;
  const bottom = doc.page.height - MARGINS.bottom;

  let y = drawSchoolHeader(doc, MARGINS, school, title, crest, []);
  doc.font(REGULAR).fontSize(9).fillColor('black');
  doc.text(CONSENT_FORM_TEXT, left, y + 4, { width, align: 'left' });
  y = doc.y + 10;

  const drawHead = () => {
    doc.rect(left, y, width, HEAD_HEIGHT).fill(HEAD_FILL);
    doc.fillColor('black').font(BOLD).fontSize(7.5);
    let x = left;
    for (const c of COLUMNS) {
      drawCell(doc, c.head, { x, y, width: c.width, height: HEAD_HEIGHT }, c.align, 7.5, 0.5);
      x += c.width;
    }
    y += HEAD_HEIGHT;
  };
  drawHead();

  consents.students.forEach((s, i) => {
    if (y + ROW_HEIGHT > bottom) {
      doc.addPage();
      y = drawRunningHeader(doc, MARGINS, school, title) + 4;
      drawHead();
    }
    const cells = [
      String(i + 1),
      s.admission_number,
      `${s.first_name} ${s.last_name}`,
      s.parent ? `${s.parent.first_name} ${s.parent.last_name}` : '',
      s.parent?.phone_number ?? '',
      '',
      '',
      '',
      '',
    ];
    doc.font(REGULAR).fontSize(FONT_SIZE).fillColor('black');
    let x = left;
    COLUMNS.forEach((c, j) => {
      const box = { x, y, width: c.width, height: ROW_HEIGHT };
      if (c.head === 'YES' || c.head === 'NO') {
        doc
          .lineWidth(0.8)
          .strokeColor('black')
          .rect(x + c.width / 2 - 6, y + ROW_HEIGHT / 2 - 6, 12, 12)
          .stroke();
      } else drawCell(doc, cells[j]!, box, c.align, FONT_SIZE, 0.5);
      x += c.width;
    });
    doc
      .lineWidth(0.5)
      .strokeColor(RULE)
      .moveTo(left, y + ROW_HEIGHT)
      .lineTo(left + width, y + ROW_HEIGHT)
      .stroke();
    y += ROW_HEIGHT;
  });

  drawFooters(doc, MARGINS, CONSENT_FORM_FOOTER, printedOn);
  doc.end();
  return done;
}
