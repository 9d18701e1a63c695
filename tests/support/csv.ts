// Reads a CSV answer back (RFC 4180: quoted cells, doubled quotes, CRLF), for tests of the exports.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** GET a CSV export: status, headers and the raw text (BOM included). */
export async function fetchCsv(
  base: string,
  path: string,
  token?: string,
): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  // res.text() would drop the BOM: decode keeping it, so tests see what a spreadsheet program gets.
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
  };
}
