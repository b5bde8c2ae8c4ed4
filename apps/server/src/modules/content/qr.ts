import { QR_DEFAULTS } from '@tala/contracts/content';
import QRCode from 'qrcode';

/**
 * A QR code as SVG with the §9 defaults: `size` pixels square in all, a white quiet zone of `margin` pixels, error
 * correction M, full-size dots (dot scale 1). Dark modules are drawn as one path of horizontal runs.
 */
export function qrSvg(
  text: string,
  size: number = QR_DEFAULTS.size,
  margin: number = QR_DEFAULTS.margin,
): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: QR_DEFAULTS.errorCorrectionLevel });
  const count = qr.modules.size;
  const body = Math.max(size - 2 * margin, count);
  const cell = body / count;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  let path = '';
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      let run = 1;
      while (col + run < count && qr.modules.get(row, col + run)) run++;
      const x = round(margin + col * cell);
      const y = round(margin + row * cell);
      path += `M${x} ${y}h${round(run * cell * QR_DEFAULTS.dotScale)}v${round(cell)}h${-round(run * cell)}z`;
      col += run;
    }
  }
  const total = round(body + 2 * margin);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="${total}" viewBox="0 0 ${total} ${total}" ` +
    `shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/>` +
    `<path fill="#000" d="${path}"/></svg>`
  );
}
