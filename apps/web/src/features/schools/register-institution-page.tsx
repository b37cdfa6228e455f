import { KENYAN_COUNTIES } from '@shule/shared/counties';
import {
  type RegisterSchoolBody,
  type RegisterSchoolResponse,
  type RegistrationForm,
  registrationFormSchema,
} from '@shule/shared/institution';
import type { CodeSentResponse } from '@shule/shared/one-time-codes';
import { useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CodeStep } from '../../components/code-step';
import { SchoolLevelsField, SchoolTypeSelect } from '../../components/school-kind-fields';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Logo } from '../../components/ui/logo';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { zodResolver } from '../../lib/zod-resolver';

const EMPTY: RegistrationForm = {
  school: {
    name: '',
    postal_code: '',
    county: '',
    phone_number: '',
    email: '',
    year_established: '',
    description: '',
    type: '',
    levels: [],
    website: '',
    documents: '',
  },
  admin: {
    first_name: '',
    last_name: '',
    email: '',
    phone_number: '',
    password: '',
    repeat_password: '',
  },
};

const YEARS = Array.from({ length: new Date().getFullYear() - 1899 }, (_, i) =>
  String(new Date().getFullYear() - i),
);

export function RegisterInstitutionPage() {
  const session = useSession();
  const navigate = useNavigate();
  // Someone signed in without a school registers with their own account: their phone and password.
  const own = session.user && !session.school ? session.user : null;
  const form = useForm<RegistrationForm>({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: own
      ? {
          ...EMPTY,
          admin: {
            ...EMPTY.admin,
            first_name: own.first_name,
            last_name: own.last_name,
            email: own.email ?? '',
            phone_number: own.phone_number,
          },
        }
      : EMPTY,
    mode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  // With SMS configured the school waits for the code sent to the admin's phone.
  const [codeSent, setCodeSent] = useState<{
    body: RegisterSchoolBody;
    sent: CodeSentResponse;
  } | null>(null);
  const send = (body: RegisterSchoolBody) =>
    api.post<RegisterSchoolResponse | CodeSentResponse>('/schools/register_school/', body, {
      anonymous: true,
    });

  /** The school exists: say so and sign its admin in. */
  const registered = async (admin: RegisterSchoolBody['admin']) => {
    toast({
      variant: 'success',
      title: 'School created',
      description: 'Your school data has been uploaded successfully',
    });
    try {
      await session.login({ username: admin.phone_number, password: admin.password });
      navigate('/dashboard', { replace: true });
    } catch (err) {
      // The school exists; the admin can log in by hand (a failed automatic login is only logged).
      console.error('Automatic login after registration failed', err);
      navigate('/login');
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      const { repeat_password: _, ...admin } = values.admin;
      const body = { school: values.school, admin } satisfies RegisterSchoolBody;
      try {
        const res = await send(body);
        if (!('school' in res)) {
          setCodeSent({ body, sent: res });
          return;
        }
      } catch (err) {
        applyServerErrors(err, form);
        // A 409 is the admin phone taken: the admin logs in with it, so it is that field's fault.
        if (err instanceof ApiError && err.status === 409)
          form.setError('admin.phone_number', { message: err.message });
        toast({
          variant: 'destructive',
          title: 'School not created',
          description:
            err instanceof ApiError && err.status >= 400 && err.status < 500
              ? `Your data could not be processed: ${err.message}`
              : 'Your data could not be processed',
          action: { label: 'Try Again', onClick: () => void submit() },
        });
        return;
      }
      await registered(admin);
    },
    () =>
      toast({
        variant: 'destructive',
        title: 'Input Error',
        description: 'Some fields may need attention. Please correct the errors to proceed',
      }),
  );

  const text = (
    name: Exclude<Path<RegistrationForm>, 'school' | 'admin'>,
    label: string,
    props: Record<string, string> = {},
  ) => (
    <Field label={label} error={form.getFieldState(name, form.formState).error?.message}>
      <Input {...props} {...form.register(name)} />
    </Field>
  );

  return (
    <main className="min-h-dvh bg-muted/50 px-4 py-8">
      <div className="mx-auto max-w-3xl">
        <Link to="/" aria-label="Shule home" className="inline-block">
          <Logo />
        </Link>
        <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">
          Welcome, create your Institution account
        </h1>
        {own ? (
          <p className="mt-1 text-sm text-muted-foreground">
            Your account ({own.phone_number}) becomes the school&apos;s administrator: enter your
            own password below.
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">
            Already registered?{' '}
            <Link to="/login" className="font-medium text-primary hover:underline">
              Login
            </Link>
          </p>
        )}
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>Register Your Institution</CardTitle>
          </CardHeader>
          <CardContent>
            {codeSent ? (
              <div className="mx-auto max-w-sm">
                <CodeStep
                  sent={codeSent.sent}
                  submitLabel="Register institution"
                  busyLabel="Registering..."
                  onConfirm={async (code) => {
                    await api.post<RegisterSchoolResponse>(
                      '/schools/register_school/confirm/',
                      { phone_number: codeSent.sent.phone_number, code },
                      { anonymous: true },
                    );
                    await registered(codeSent.body.admin);
                  }}
                  onResend={async () => (await send(codeSent.body)) as CodeSentResponse}
                  onBack={() => setCodeSent(null)}
                />
              </div>
            ) : null}
            <form onSubmit={submit} noValidate className="space-y-8" hidden={codeSent !== null}>
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                  Institution
                </legend>
                {text('school.name', 'Institution name *', { autoComplete: 'organization' })}
                <Field label="Type *" error={errors.school?.type?.message}>
                  <SchoolTypeSelect {...form.register('school.type')} />
                </Field>
                {text('school.county', 'County *', {
                  list: 'counties',
                  placeholder: 'Start typing, e.g. Nakuru',
                })}
                {text('school.postal_code', 'Postal code *', {
                  inputMode: 'numeric',
                  placeholder: '00100',
                })}
                {text('school.phone_number', 'Phone *', {
                  type: 'tel',
                  placeholder: '0712345678',
                })}
                {text('school.email', 'Email', { type: 'email', placeholder: 'info@school.ac.ke' })}
                {text('school.year_established', 'Year established *', {
                  list: 'years',
                  inputMode: 'numeric',
                  placeholder: '1995',
                })}
                {text('school.website', 'Website', { placeholder: 'www.school.ac.ke' })}
                {text('school.documents', 'Documents (links)', {
                  placeholder: 'Registration certificate link',
                })}
                <Controller
                  control={form.control}
                  name="school.levels"
                  render={({ field, fieldState }) => (
                    <SchoolLevelsField
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <Field
                  label="Description"
                  error={errors.school?.description?.message}
                  className="sm:col-span-2"
                >
                  <Textarea rows={3} {...form.register('school.description')} />
                </Field>
                <datalist id="counties">
                  {KENYAN_COUNTIES.map((c) => (
                    <option key={c} value={c} />
                  ))}
                </datalist>
                <datalist id="years">
                  {YEARS.map((y) => (
                    <option key={y} value={y} />
                  ))}
                </datalist>
              </fieldset>

              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                  Administrator
                </legend>
                {text('admin.first_name', 'First name *', { autoComplete: 'given-name' })}
                {text('admin.last_name', 'Last name *', { autoComplete: 'family-name' })}
                {text('admin.phone_number', 'Admin phone *', {
                  type: 'tel',
                  placeholder: '0712345678',
                  autoComplete: 'tel',
                })}
                {text('admin.email', 'Admin email', { type: 'email', autoComplete: 'email' })}
                {text('admin.password', 'Password *', {
                  type: 'password',
                  autoComplete: 'new-password',
                })}
                {text('admin.repeat_password', 'Repeat password *', {
                  type: 'password',
                  autoComplete: 'new-password',
                })}
              </fieldset>

              <p className="text-xs text-muted-foreground">
                Fields marked * are required. You will log in with the admin phone.
              </p>
              <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
                {isSubmitting ? 'Registering...' : 'Register institution'}
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
