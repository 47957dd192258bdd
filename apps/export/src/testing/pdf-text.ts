import { execFile } from 'node:child_process';

/**
 * pdf-parse (pdf.js) loads its worker with a dynamic import that jest's VM cannot run, so tests read
 * PDFs back in a plain node child process.
 */
const SCRIPT = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  const result = await parser.getText();
  await parser.destroy();
  process.stdout.write(JSON.stringify({ text: result.text, pages: result.total }));
});
`;

export interface PdfText {
  text: string;
  pages: number;
}

export function pdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['-e', SCRIPT],
      { cwd: process.cwd(), maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as PdfText);
      },
    );
    child.stdin!.end(pdf);
  });
}
