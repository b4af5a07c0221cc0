import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The PDF as a reader sees it: its text (runs joined, lines kept) whole and page by page, and how many images it shows. */
export async function readPdf(pdf: Buffer) {
  const file = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pageTexts: string[] = [];
  let images = 0;
  for (let n = 1; n <= file.numPages; n++) {
    const page = await file.getPage(n);
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) {
      if ("str" in item) text += item.str + (item.hasEOL ? "\n" : "");
    }
    pageTexts.push(text);
    const ops = await page.getOperatorList();
    images += ops.fnArray.filter((op) => op === OPS.paintImageXObject).length;
  }
  await file.destroy();
  return { pages: file.numPages, text: pageTexts.join(""), pageTexts, images };
}
