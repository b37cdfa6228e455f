import type { ResetPasswordResponse, TeacherRow } from '@shule/shared/teachers';
import { Alert } from '../../components/ui/alert';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { CopyPasswordButton, OneTimePasswordCode } from './one-time-password';
import { teacherName } from './teacher-name';
import { useResetTeacherPassword } from './update-teacher';

/**
 * Reset password, asked first: the teacher's sessions end and a new one-time password is shown
 * once, to read out or copy; the teacher must replace it when they sign in.
 */
export function ResetPasswordDialogs({
  teacher,
  onClose,
}: {
  teacher: TeacherRow | null;
  onClose(): void;
}) {
  const reset = useResetTeacherPassword();
  const done: ResetPasswordResponse | undefined = reset.data;
  const close = () => {
    reset.reset();
    onClose();
  };
  const confirm = () => {
    if (!teacher) return;
    reset.mutate(teacher.id, {
      onError: (err) => {
        toast({
          title: 'Password not reset',
          description: errorMessage(err),
          variant: 'destructive',
        });
        onClose();
      },
    });
  };
  return (
    <>
      <ConfirmDialog
        open={teacher !== null && !done}
        onOpenChange={(open) => !open && close()}
        title={teacher ? `Reset ${teacherName(teacher)}'s password?` : 'Reset password'}
        description="They are signed out everywhere and get a new one-time password, which you see once. They must choose their own password when they sign in with it."
        confirmLabel="Reset password"
        busyLabel="Resetting..."
        busy={reset.isPending}
        onConfirm={confirm}
      />
      <Dialog
        open={teacher !== null && done !== undefined}
        onOpenChange={(open) => !open && close()}
        title={teacher ? `New password for ${teacherName(teacher)}` : 'New password'}
        description="Shown only now: read it out or copy it before you close this."
      >
        {done ? (
          <Alert tone="success" className="space-y-3">
            <p>{done.message}</p>
            <p>
              One-time password: <OneTimePasswordCode password={done.one_time_password} />
            </p>
            <CopyPasswordButton password={done.one_time_password} />
          </Alert>
        ) : null}
      </Dialog>
    </>
  );
}
