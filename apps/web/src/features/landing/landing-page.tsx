import {
  BarChart3,
  CalendarCheck,
  FileSpreadsheet,
  MessageSquare,
  NotebookPen,
  ShieldCheck,
  Trophy,
  Wallet,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../lib/cn';

/** What Shule does on the day this page was written: each one a screen of the app. */
const FEATURES = [
  {
    icon: CalendarCheck,
    title: 'Daily registers',
    text: 'Class teachers take the register on a phone in a few taps. The dashboard shows today’s and the term’s attendance by class, and who is absent with their parents’ phones.',
  },
  {
    icon: NotebookPen,
    title: 'Marks from any phone',
    text: 'Each teacher enters the marks of the classes and subjects they teach. Marks save as they are typed and wait in the browser through a dropped connection; every change is recorded.',
  },
  {
    icon: Trophy,
    title: 'Merit lists and report forms',
    text: 'Results by KNEC’s rule (or the cluster rule, an average or CBC): merit lists of a stream or a whole level, and report forms as PDFs, for one exam or a term that combines several.',
  },
  {
    icon: BarChart3,
    title: 'Exam analysis',
    text: 'Streams and subjects against the last exam, grade counts, top students, most improved and dropped: charts, CSV and an A4 PDF for the staff meeting.',
  },
  {
    icon: Wallet,
    title: 'Fees with M-Pesa',
    text: 'Fee structures by term and class, a ledger per student, M-Pesa by STK push and Paybill, cash and bank receipts, statements as PDFs and who owes what.',
  },
  {
    icon: MessageSquare,
    title: 'SMS to parents',
    text: 'Messages to the parents of chosen classes, each child’s own results after an exam and fee reminders with their own balance, with each parent’s delivery.',
  },
  {
    icon: FileSpreadsheet,
    title: 'Imports and NEMIS',
    text: 'Bring students and teachers in from a spreadsheet, with every row’s problems shown before anything is saved. Export the learner register in NEMIS’s columns.',
  },
  {
    icon: ShieldCheck,
    title: 'Parents’ rights',
    text: 'Consent to photos and SMS recorded per child, everything held about a child downloadable, and an audit log of who did what.',
  },
];

/**
 * Real screens of a demo school, taken by scripts/landing-screenshots.mjs (README: "The landing
 * page's screenshots"); width and height are the files' own.
 */
const SCREENSHOTS = [
  {
    src: '/landing/analysis.webp',
    width: 800,
    height: 500,
    alt: 'The Results screen on a computer: Form 1 East’s End of Term 3 analysis with a bar chart of the mean mark in English, Kiswahili and Mathematics and a chart of how many students got each grade.',
    caption: 'Exam analysis',
  },
  {
    src: '/landing/merit-list.webp',
    width: 800,
    height: 400,
    alt: 'The merit list of Form 1 East for End of Term 3: each student’s marks and grades per subject, total and mean marks, mean grade and stream and overall positions, with Download CSV and Download PDF buttons.',
    caption: 'Merit list',
  },
  {
    src: '/landing/report-form.webp',
    width: 390,
    height: 844,
    alt: 'A student’s report form on a phone: mean grade B-, total marks 186 of 300, stream position 3 of 3, and each subject’s mark, grade, points and position, with a Print button.',
    caption: 'Report form on a phone',
    phone: true,
  },
];

type Screenshot = (typeof SCREENSHOTS)[number];

/**
 * A screenshot fetched only when scrolled near: `loading="lazy"` alone lets Chromium fetch
 * images up to 1,250 px below a desktop window, which puts all three in `/`'s first load and
 * past its 150 KB. width/height keep the space while it waits.
 */
function ScreenshotFigure({ shot }: { shot: Screenshot }) {
  const img = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = img.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <figure
      className={cn(
        'overflow-hidden rounded-lg border bg-background',
        'phone' in shot && 'mx-auto w-full max-w-72 md:max-w-none',
      )}
    >
      <img
        ref={img}
        src={near ? shot.src : undefined}
        width={shot.width}
        height={shot.height}
        alt={shot.alt}
        loading="lazy"
        decoding="async"
        className="h-auto w-full bg-muted"
      />
      <figcaption className="border-t px-3 py-2 text-sm font-medium">{shot.caption}</figcaption>
    </figure>
  );
}

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
            <a href="#features" className="hover:text-foreground">
              Features
            </a>
            <a href="#screens" className="hover:text-foreground">
              Screens
            </a>
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
              Registers, marks, report forms and fees for Kenyan schools
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-base text-muted-foreground sm:text-lg">
              Shule keeps a school’s students, classes, exams, results and fees in one place, with
              SMS to parents and M-Pesa — and it is fast on a phone on mobile data.
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

        <section
          id="features"
          aria-labelledby="features-title"
          className="mx-auto max-w-6xl scroll-mt-4 px-4 py-14"
        >
          <h2 id="features-title" className="text-2xl font-semibold tracking-tight">
            What Shule does today
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg border p-5">
                <Icon className="h-7 w-7 text-primary" aria-hidden="true" />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          id="screens"
          aria-labelledby="screens-title"
          className="scroll-mt-4 border-t bg-muted/40"
        >
          <div className="mx-auto max-w-6xl px-4 py-14">
            <h2 id="screens-title" className="text-2xl font-semibold tracking-tight">
              The screens, as a school sees them
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              Taken from a demo school in Shule as it is today.
            </p>
            <div className="mt-6 grid items-start gap-6 md:grid-cols-[2fr_2fr_1fr]">
              {SCREENSHOTS.map((shot) => (
                <ScreenshotFigure key={shot.src} shot={shot} />
              ))}
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Shule</p>
          <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
            <a href="#features" className="hover:text-foreground">
              Features
            </a>
            <Link to="/login" className="hover:text-foreground">
              Login
            </Link>
            <Link to="/register_institution" className="hover:text-foreground">
              Register your school
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
