import { KENYAN_COUNTIES } from '@shule/shared/counties';
import {
  MOTTO_MAX,
  type School,
  type SchoolProfileForm,
  schoolProfileFormSchema,
  type UpdateSchoolBody,
} from '@shule/shared/schools';
import { ACCEPTED_IMAGE_TYPES } from '@shule/shared/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { AdminOnlyPage } from '../../components/admin-only';
import { SchoolLevelsField, SchoolTypeSelect } from '../../components/school-kind-fields';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { schoolQueryKey, useSchool } from '../../lib/queries/school';
import { useSession } from '../../lib/session';
import { refuseImage, uploadPhoto } from '../../lib/upload-photo';
import { zodResolver } from '../../lib/zod-resolver';

const TITLE = 'School profile';

/**
 * /settings: the school's profile, what every PDF prints at its top (name, motto, P.O. Box,
 * contacts, crest), and its type and levels. Administrators change it; anyone else is told
 * only administrators can see it (the API refuses them too).
 */
export function SchoolProfilePage() {
  return (
    <AdminOnlyPage
      title={TITLE}
      hint="Ask your school's administrator to correct the school's details."
      className="mx-auto max-w-3xl"
    >
      <SchoolProfile />
    </AdminOnlyPage>
  );
}

function useUpdateSchool() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (body: UpdateSchoolBody) =>
      api.patch<School>(`/schools/${session.school!.id}/`, body),
    onSuccess: async (updated) => {
      queryClient.setQueryData(schoolQueryKey(updated.id), updated);
      // The shell shows the school's name from the signed-in user's answer.
      await session.reloadUser().catch(() => undefined);
    },
  });
}

function SchoolProfile() {
  const school = useSchool();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={TITLE} />
      <p className="-mt-3 mb-5 text-sm text-muted-foreground">
        What your report forms, merit lists, fee statements and receipts print at the top.
      </p>
      {school.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : school.isError ? (
        <LoadError what="the school's profile" error={school.error} onRetry={school.refetch} />
      ) : (
        <div className="space-y-4">
          <CrestCard school={school.data} />
          <DetailsCard school={school.data} />
        </div>
      )}
    </div>
  );
}

function CrestCard({ school }: { school: School }) {
  const update = useUpdateSchool();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = uploading || update.isPending;

  const save = (logo: string | null, done: string) =>
    update.mutate(
      { logo },
      {
        onSuccess: () => {
          setProblem(null);
          toast({ variant: 'success', title: done });
        },
        onError: (err) => setProblem(errorMessage(err)),
      },
    );

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const refused = refuseImage(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setUploading(true);
    try {
      const link = await uploadPhoto(file);
      save(link, 'Crest updated');
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Crest</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex h-28 w-28 shrink-0 items-center justify-center rounded-md border bg-muted/40">
          {school.logo ? (
            <img
              src={school.logo}
              alt={`Crest of ${school.name}`}
              className="max-h-24 max-w-24 object-contain"
              data-testid="crest-preview"
            />
          ) : (
            <ImageOff className="h-8 w-8 text-muted-foreground" aria-label="No crest" />
          )}
        </div>
        <div className="min-w-0 space-y-2">
          <p className="text-sm text-muted-foreground">
            A JPEG or PNG of at most 5 MB and 4000 × 4000 pixels; a PNG keeps a transparent
            background. Printed at the top left of every PDF.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={busy} onClick={() => input.current?.click()}>
              {uploading ? 'Uploading...' : school.logo ? 'Replace crest' : 'Upload crest'}
            </Button>
            {school.logo ? (
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => save(null, 'Crest removed')}
              >
                Remove crest
              </Button>
            ) : null}
          </div>
          <input
            ref={input}
            type="file"
            className="sr-only"
            aria-label="Crest image"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          {problem ? (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

const formValues = (school: School): SchoolProfileForm => ({
  name: school.name,
  phone_number: school.phone_number,
  email: school.email ?? '',
  postal_address: school.postal_address ?? '',
  motto: school.motto ?? '',
  county: school.county,
  type: school.type,
  levels: school.levels,
});

function DetailsCard({ school }: { school: School }) {
  const update = useUpdateSchool();
  const form = useForm<SchoolProfileForm>({
    resolver: zodResolver(schoolProfileFormSchema),
    defaultValues: formValues(school),
    mode: 'onChange',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ ...values, email: values.email ?? '' });
      form.reset(formValues(saved));
      toast({ variant: 'success', title: 'School profile saved' });
    } catch (err) {
      applyServerErrors(err, form);
      toast({
        variant: 'destructive',
        title: 'School profile not saved',
        description: errorMessage(err),
      });
    }
  });

  const text = (
    name: Exclude<Path<SchoolProfileForm>, 'levels' | `levels.${number}`>,
    label: string,
    props: Record<string, string | number> = {},
    hint?: string,
  ) => (
    <Field
      label={label}
      hint={hint}
      error={form.getFieldState(name, form.formState).error?.message}
    >
      <Input {...props} {...form.register(name)} />
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              {text('name', 'Institution name *', { autoComplete: 'organization' })}
            </div>
            {text('motto', 'Motto', { maxLength: MOTTO_MAX, placeholder: 'Strive to Excel' })}
            {text(
              'postal_address',
              'P.O. Box',
              { placeholder: 'P.O. Box 123-00100, Nairobi' },
              'Printed under the name, as letters are addressed.',
            )}
            {text('phone_number', 'Phone *', { type: 'tel', placeholder: '0712345678' })}
            {text('email', 'Email', { type: 'email', placeholder: 'info@school.ac.ke' })}
            {text('county', 'County *', { list: 'profile-counties' })}
            <Field label="Type *" error={errors.type?.message}>
              <SchoolTypeSelect {...form.register('type')} />
            </Field>
            <Controller
              control={form.control}
              name="levels"
              render={({ field, fieldState }) => (
                <SchoolLevelsField
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <datalist id="profile-counties">
              {KENYAN_COUNTIES.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
              {update.isPending ? 'Saving...' : 'Save profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
