/** Amounts in words, as a receipt writes them: "Twelve thousand five hundred shillings only". */

const ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
];

function underThousand(n: number): string {
  const words: string[] = [];
  if (n >= 100) {
    words.push(`${ONES[Math.trunc(n / 100)]} hundred`);
    n %= 100;
    if (n > 0) words.push('and');
  }
  if (n >= 20) {
    words.push(TENS[Math.trunc(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : ''));
  } else if (n > 0) {
    words.push(ONES[n]!);
  }
  return words.join(' ');
}

/** A whole number in English words ("one thousand two hundred and five"); "zero" for 0. */
export function numberInWords(n: number): string {
  if (n === 0) return 'zero';
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      parts.push(`${numberInWords(Math.trunc(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0) parts.push((parts.length > 0 && rest < 100 ? 'and ' : '') + underThousand(rest));
  return parts.join(' ');
}

/** Cents in words: "Twelve thousand five hundred shillings and fifty cents only". */
export function kesInWords(cents: number): string {
  const shillings = Math.trunc(cents / 100);
  const rest = cents % 100;
  const text =
    `${numberInWords(shillings)} shilling${shillings === 1 ? '' : 's'}` +
    (rest ? ` and ${numberInWords(rest)} cent${rest === 1 ? '' : 's'}` : '') +
    ' only';
  return text.charAt(0).toUpperCase() + text.slice(1);
}
