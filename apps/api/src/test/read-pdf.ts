import { inflateSync } from 'node:zlib';

/**
 * For the tests: what a pdfkit PDF draws, read back from its content streams. pdfkit deflates
 * each page's stream and writes every line of text as one TJ array of hex strings (the font's
 * single-byte codes, split where it kerns), so inflating the streams and joining each array's
 * strings gives the lines as drawn, one per entry. Also the font sizes it sets (Tf) and the
 * page count.
 */
export function readPdf(pdf: Buffer) {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const fontSizes: number[] = [];
  const streamStart = /stream\r?\n/g;
  for (let m = streamStart.exec(raw); m; m = streamStart.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not deflated content: an embedded font or image
    }
    for (const tj of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-f]*)>/g)].map((h) => h[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1').replace(/\x85/g, '…'));
    }
    for (const tf of content.matchAll(/\/F\d+ ([\d.]+) Tf/g)) fontSizes.push(Number(tf[1]));
  }
  const pages = Number(
    /\/Type \/Pages\s*\/Count (\d+)/.exec(raw)?.[1] ?? /\/Count (\d+)/.exec(raw)?.[1],
  );
  return { lines, text: lines.join('\n'), fontSizes, pages };
}
