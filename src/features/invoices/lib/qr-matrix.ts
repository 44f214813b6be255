import { create } from 'qrcode';

export interface QrMatrix {
  size: number;
  /** Dark modules as [row, column] pairs, row by row. */
  dark: [number, number][];
}

/**
 * The modules of the ZATCA QR code (error correction M, as ZATCA's samples use). One matrix for
 * the page's SVG and the PDF's vector drawing, so both show exactly the same code.
 */
export function qrMatrix(payload: string): QrMatrix {
  const { modules } = create(payload, { errorCorrectionLevel: 'M' });
  const dark: [number, number][] = [];
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1) if (modules.get(row, column)) dark.push([row, column]);
  return { size: modules.size, dark };
}

/** An SVG path of the dark modules (one unit per module), for a crisp code at any print size. */
export function qrPath(matrix: QrMatrix): string {
  return matrix.dark.map(([row, column]) => `M${column} ${row}h1v1h-1z`).join('');
}
