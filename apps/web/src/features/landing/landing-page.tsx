import { BarChart3, GraduationCap, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';

const FOOTER_LINKS = [
  'Features',
  'Pricing',
  'About',
  'Contact',
  'Terms of Service',
  'Privacy Policy',
];
const HEADER_LINKS = FOOTER_LINKS.slice(0, 4);

const FEATURES = [
  {
    icon: GraduationCap,
    title: 'Student management',
    text: 'Enrol students with their parents, keep attendance and academic records in one place.',
  },
  {
    icon: Users,
    title: 'Staff management',
    text: 'Onboard teachers, keep track of payroll and follow performance across the year.',
  },
  {
    icon: BarChart3,
    title: 'Reporting and analytics',
    text: 'Report cards, merit lists and the numbers that matter, ready when you need them.',
  },
];

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4">
          <Link to="/" aria-label="Shule home">
            <Logo />
          </Link>
          <nav
            aria-label="Site"
            className="hidden flex-1 gap-6 text-sm text-muted-foreground md:flex"
          >
            {HEADER_LINKS.map((label) => (
              <Link key={label} to="/" className="hover:text-foreground">
                {label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <Link to="/login" className={buttonClass('ghost', 'sm')}>
              Login
            </Link>
            <Link to="/register_institution" className={buttonClass('primary', 'sm')}>
              Sign Up
            </Link>
          </div>
        </div>
      </header>

      <main className="flex-1">
        <section className="bg-gradient-to-b from-accent to-background">
          <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
            <h1 className="mx-auto max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
              Streamline your school management
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-base text-muted-foreground sm:text-lg">
              Shule brings admissions, classes, exams, report cards, fees and messages to parents
              into one simple system built for Kenyan schools — fast even on a phone and mobile
              data.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/register_institution" className={buttonClass('primary', 'lg')}>
                Register your school
              </Link>
              <Link to="/login" className={buttonClass('outline', 'lg')}>
                Login
              </Link>
            </div>
          </div>
        </section>

        <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="features" className="sr-only">
            Features
          </h2>
          <div className="grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <div key={title} className="rounded-lg border p-6">
                <Icon className="h-8 w-8 text-primary" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </div>
            ))}
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Shule</p>
          <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
            {FOOTER_LINKS.map((label) => (
              <Link key={label} to="/" className="hover:text-foreground">
                {label}
              </Link>
            ))}
          </nav>
        </div>
      </footer>
    </div>
  );
}
