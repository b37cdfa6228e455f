import { inflateSync } from 'node:zlib';

/**
 * For the tests: the lines a pdfkit PDF draws, read back from its deflated content streams
 * (each line is one TJ array of hex strings; see results/merit-list-pdf.test.ts), and its
 * page count.
 */
export function readPdf(pdf: Buffer) {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
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
  }
  const pages = Number(
    /\/Type \/Pages\s*\/Count (\d+)/.exec(raw)?.[1] ?? /\/Count (\d+)/.exec(raw)?.[1],
  );
  return { lines, text: lines.join('\n'), pages };
}
