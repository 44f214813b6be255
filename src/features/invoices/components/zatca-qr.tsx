import { useMemo } from 'react';
import { qrMatrix, qrPath } from '../lib/qr-matrix';

export interface ZatcaQrProps {
  payload: string;
  label: string;
  className?: string;
}

/** The invoice's ZATCA QR code (the Base64 TLV the database computed) as a vector image. */
export function ZatcaQr({ payload, label, className }: ZatcaQrProps) {
  const matrix = useMemo(() => qrMatrix(payload), [payload]);
  const quiet = 2;
  const extent = matrix.size + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-quiet} ${-quiet} ${extent} ${extent}`}
      shapeRendering="crispEdges"
      className={className}
      data-testid="zatca-qr"
      data-payload={payload}
    >
      <rect x={-quiet} y={-quiet} width={extent} height={extent} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
