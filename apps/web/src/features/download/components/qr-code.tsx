import type { AppDownload, AppEntry } from '../api/get-app-download.ts';

/**
 * A QR code drawn by the server (§9: size 200, margin 20, error correction M, dot scale 1) with the merchant's logo
 * laid over the centre of the code at logo scale 0.2, which correction M restores.
 */
export function QrCode({ app, qr, label }: { app: AppEntry; qr: AppDownload['qr']; label: string }) {
  // The scale applies to the code itself, inside its quiet zone: a short address gives a code of few, large modules,
  // and a logo sized on the whole image would hide more of them than correction M restores.
  const logo = Math.round((qr.size - 2 * qr.margin) * qr.logoScale);
  return (
    <span className="qr" style={{ width: qr.size, height: qr.size }} data-qr-text={app.qrText}>
      <img className="qr__code" src={app.qrCodeUrl} width={qr.size} height={qr.size} alt={label} />
      {qr.logoUrl ? (
        <span className="qr__logo" style={{ width: logo, height: logo }}>
          <img src={qr.logoUrl} alt="" />
        </span>
      ) : null}
    </span>
  );
}
