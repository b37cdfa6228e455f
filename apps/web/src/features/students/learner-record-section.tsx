import {
  KISWAHILI_OPTION_LABELS,
  KNEC_RECORD_LABELS,
  LEARNER_RECORD_LABELS,
  RE_OPTION_LABELS,
} from '@shule/shared/learner-record';
import type { StudentDetail } from '@shule/shared/students';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { LearnerRecordDialog } from './learner-record-dialog';

const NOT_RECORDED = 'Not recorded';

/**
 * The government's learner register (NEMIS/KEMIS) on the profile: every field the Ministry asks
 * of the learner, the KNEC entry exam and index number, and the parent's national ID.
 */
export function LearnerRecordSection({
  student,
  isAdmin,
}: {
  student: StudentDetail;
  isAdmin: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const L = LEARNER_RECORD_LABELS;
  const fields: { label: string; value: string | null; wide?: boolean }[] = [
    { label: L.upi, value: student.upi },
    { label: L.birth_certificate_number, value: student.birth_certificate_number },
    { label: 'Entry exam', value: student.entry_exam },
    { label: 'Index number', value: student.entry_index_number },
    { label: L.nationality, value: student.nationality },
    { label: L.county, value: student.county },
    { label: L.sub_county, value: student.sub_county },
    { label: L.nhif_number, value: student.nhif_number },
    {
      label: "Parent's national ID",
      value: student.parent ? student.parent.national_id_number : null,
    },
    { label: KNEC_RECORD_LABELS.assessment_number, value: student.assessment_number },
    {
      label: KNEC_RECORD_LABELS.re_option,
      value: student.re_option && RE_OPTION_LABELS[student.re_option],
    },
    {
      label: KNEC_RECORD_LABELS.kiswahili_option,
      value: student.kiswahili_option && KISWAHILI_OPTION_LABELS[student.kiswahili_option],
    },
    { label: KNEC_RECORD_LABELS.special_needs_code, value: student.special_needs_code },
    {
      label: KNEC_RECORD_LABELS.birth_certificate_names,
      value: student.birth_certificate_names,
      wide: true,
    },
    { label: L.special_needs, value: student.special_needs, wide: true },
    { label: L.medical_condition, value: student.medical_condition, wide: true },
  ];

  return (
    <section
      aria-labelledby="learner-record"
      className="rounded-lg border bg-background p-5 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="learner-record" className="text-base font-semibold">
          Learner record (NEMIS)
        </h2>
        {isAdmin ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm sm:grid-cols-3">
        {fields.map(({ label, value, wide }) => (
          <div key={label} className={wide ? 'col-span-full min-w-0' : 'min-w-0'}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd
              className={
                value
                  ? 'whitespace-pre-line break-words font-medium'
                  : 'text-muted-foreground italic'
              }
            >
              {value || NOT_RECORDED}
            </dd>
          </div>
        ))}
      </dl>
      {isAdmin ? (
        <LearnerRecordDialog open={editing} onOpenChange={setEditing} student={student} />
      ) : null}
    </section>
  );
}
