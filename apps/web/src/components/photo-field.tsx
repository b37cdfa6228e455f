import { describePhotoUpload, type usePhotoUpload } from '../lib/upload-photo';
import { Field } from './ui/field';
import { Input } from './ui/input';

/** The profile photo input of the add-teacher and admit-student forms, with its upload status. */
export function PhotoField({ photo }: { photo: ReturnType<typeof usePhotoUpload> }) {
  const { state } = photo;
  const { tone, text } = describePhotoUpload(state);
  return (
    <div className="space-y-1.5">
      <Field label="Profile photo">
        <Input
          {...photo.inputProps}
          className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm"
        />
      </Field>
      {tone === 'error' ? (
        <p role="alert" className="text-sm text-destructive">
          {text}
        </p>
      ) : (
        <p
          className={`flex items-center gap-2 text-xs ${tone === 'success' ? 'text-green-700' : 'text-muted-foreground'}`}
        >
          {state.status === 'done' ? (
            <img src={state.url} alt="" className="h-8 w-8 rounded-full object-cover" />
          ) : null}
          {text}
        </p>
      )}
    </div>
  );
}
