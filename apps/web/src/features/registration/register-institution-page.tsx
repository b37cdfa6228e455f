import { KENYAN_COUNTIES } from '@shule/shared/counties';
import {
  INSTITUTION_TYPES,
  type RegistrationForm,
  registrationFormSchema,
  toRegisterSchoolBody,
} from '@shule/shared/institution';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input, Select, Textarea } from '../../components/ui/input';
import { Logo } from '../../components/ui/logo';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { zodResolver } from '../../lib/zod-resolver';

const EMPTY: RegistrationForm = {
  institutionName: '',
  postalCode: '',
  county: '',
  phone: '',
  email: '',
  year: '',
  description: '',
  type: '',
  website: '',
  logo: '',
  documents: '',
  firstName: '',
  lastName: '',
  adminEmail: '',
  adminPhone: '',
  password: '',
  repeatPassword: '',
};

// The API names fields school.* and admin.*; the form has its own names.
const SERVER_FIELD: Record<string, keyof RegistrationForm> = {
  'school.name': 'institutionName',
  'school.postal_code': 'postalCode',
  'school.county': 'county',
  'school.phone_number': 'phone',
  'school.email': 'email',
  'school.year_established': 'year',
  'school.type': 'type',
  'school.website': 'website',
  'admin.first_name': 'firstName',
  'admin.last_name': 'lastName',
  'admin.email': 'adminEmail',
  'admin.phone_number': 'adminPhone',
  'admin.password': 'password',
};

const YEARS = Array.from({ length: new Date().getFullYear() - 1899 }, (_, i) =>
  String(new Date().getFullYear() - i),
);

export function RegisterInstitutionPage() {
  const session = useSession();
  const navigate = useNavigate();
  const form = useForm<RegistrationForm>({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: EMPTY,
    mode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await api.post('/schools/register_school/', toRegisterSchoolBody(values), {
          anonymous: true,
        });
      } catch (err) {
        if (err instanceof ApiError && err.errors) {
          for (const [field, messages] of Object.entries(err.errors)) {
            const name = SERVER_FIELD[field];
            if (name) form.setError(name, { message: messages[0] });
          }
        }
        if (err instanceof ApiError && err.status === 409)
          form.setError('adminPhone', { message: err.message });
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
      toast({
        variant: 'success',
        title: 'School created',
        description: 'Your school data has been uploaded successfully',
      });
      try {
        await session.login({ username: values.adminPhone, password: values.password });
        navigate('/dashboard', { replace: true });
      } catch (err) {
        // The school exists; the admin can log in by hand (spec §2: the failure is only logged).
        console.error('Automatic login after registration failed', err);
        navigate('/login');
      }
    },
    () =>
      toast({
        variant: 'destructive',
        title: 'Input Error',
        description: 'Some fields may need attention. Please correct the errors to proceed',
      }),
  );

  const text = (
    name: keyof RegistrationForm,
    label: string,
    props: Record<string, string> = {},
  ) => (
    <Field label={label} error={errors[name]?.message}>
      <Input {...props} {...form.register(name)} />
    </Field>
  );

  return (
    <div className="min-h-dvh bg-muted/50 px-4 py-8">
      <div className="mx-auto max-w-3xl">
        <Link to="/" aria-label="Shule home" className="inline-block">
          <Logo />
        </Link>
        <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">
          Welcome, create your Institution account
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Already registered?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Login
          </Link>
        </p>
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>Register Your Institution</CardTitle>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} noValidate className="space-y-8">
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                  Institution
                </legend>
                {text('institutionName', 'Institution name *', { autoComplete: 'organization' })}
                <Field label="Type *" error={errors.type?.message}>
                  <Select {...form.register('type')}>
                    <option value="">Choose a type</option>
                    {INSTITUTION_TYPES.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.value === 'other' ? 'Other' : `${t.value} — ${t.label}`}
                      </option>
                    ))}
                  </Select>
                </Field>
                {text('county', 'County *', {
                  list: 'counties',
                  placeholder: 'Start typing, e.g. Nakuru',
                })}
                {text('postalCode', 'Postal code *', {
                  inputMode: 'numeric',
                  placeholder: '00100',
                })}
                {text('phone', 'Phone *', {
                  type: 'tel',
                  inputMode: 'numeric',
                  placeholder: '0712345678',
                })}
                {text('email', 'Email', { type: 'email', placeholder: 'info@school.ac.ke' })}
                {text('year', 'Year established *', {
                  list: 'years',
                  inputMode: 'numeric',
                  placeholder: '1995',
                })}
                {text('website', 'Website', { placeholder: 'www.school.ac.ke' })}
                {text('logo', 'Logo (link)', { placeholder: 'https://…/logo.png' })}
                {text('documents', 'Documents (links)', {
                  placeholder: 'Registration certificate link',
                })}
                <Field
                  label="Description"
                  error={errors.description?.message}
                  className="sm:col-span-2"
                >
                  <Textarea rows={3} {...form.register('description')} />
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
                {text('firstName', 'First name *', { autoComplete: 'given-name' })}
                {text('lastName', 'Last name *', { autoComplete: 'family-name' })}
                {text('adminPhone', 'Admin phone *', {
                  type: 'tel',
                  inputMode: 'numeric',
                  placeholder: '0712345678',
                  autoComplete: 'tel',
                })}
                {text('adminEmail', 'Admin email', { type: 'email', autoComplete: 'email' })}
                {text('password', 'Password *', { type: 'password', autoComplete: 'new-password' })}
                {text('repeatPassword', 'Repeat password *', {
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
    </div>
  );
}
