import { isConsented } from '@shule/shared/consents';
import type { StudentDetail } from '@shule/shared/students';
import { ACCEPTED_IMAGE_TYPES } from '@shule/shared/uploads';
import { Camera, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { PHOTO_UPLOAD_FAILED, refuseImage, uploadPhoto } from '../../lib/upload-photo';
import { useReplaceStudentPhoto } from './update-student';

/**
 * Beside the student's photo on the profile (admins): choose a new one (uploaded, then put in
 * place: the old file is deleted) or remove it after a confirmation. Without the parent's consent
 * to photos there is nothing to choose, only a photo kept from before to remove.
 */
export function StudentPhotoActions({ student }: { student: StudentDetail }) {
  const replace = useReplaceStudentPhoto(student.id);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const consented = isConsented(student.consents.photos.status);
  const busy = uploading || replace.isPending;

  const fail = (reason: string) =>
    toast({ title: PHOTO_UPLOAD_FAILED, description: reason, variant: 'destructive' });

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const refused = refuseImage(file);
    if (refused) return fail(refused);
    setUploading(true);
    try {
      await replace.mutateAsync(await uploadPhoto(file));
      toast({ title: 'Photo saved', variant: 'success' });
    } catch (err) {
      fail(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  const remove = () =>
    replace.mutate(null, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Photo removed', variant: 'success' });
      },
      onError: (err) => {
        setConfirming(false);
        toast({
          title: 'Photo not removed',
          description: errorMessage(err),
          variant: 'destructive',
        });
      },
    });

  if (!consented && !student.profile_photo) {
    return (
      <p className="text-sm text-muted-foreground">
        No photo: the parent has not consented to photos.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {consented ? (
        <label
          className={cn(
            buttonClass('outline', 'sm'),
            'cursor-pointer focus-within:ring-2 focus-within:ring-ring',
            busy && 'pointer-events-none opacity-60',
          )}
        >
          <Camera className="h-4 w-4" aria-hidden="true" />
          {uploading ? 'Uploading...' : student.profile_photo ? 'Change photo' : 'Add photo'}
          <input
            ref={input}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            className="sr-only"
            disabled={busy}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
      ) : null}
      {student.profile_photo ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Remove photo
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this student's photo?"
        description="The photo is deleted from Shule. This cannot be undone."
        confirmLabel="Remove photo"
        busyLabel="Removing..."
        busy={replace.isPending}
        onConfirm={remove}
      />
    </div>
  );
}
