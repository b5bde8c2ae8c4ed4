import { z } from 'zod';
import { envelope } from './envelope.ts';

/** A code from an authenticator app (six digits) or a recovery code (xxxx-xxxx-xxxx). */
export const secondFactorCode = z.string().trim().min(1).max(20);
export const secondFactorCodeBody = z.object({ code: secondFactorCode });

/** What an authenticator app needs: the key, its otpauth:// address, and that address as a QR image (data URL). */
export const totpEnrolment = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
export const totpEnrolmentResponse = envelope(totpEnrolment);

/** Recovery codes, shown once. */
export const recoveryCodesResponse = envelope(z.object({ recoveryCodes: z.array(z.string()) }));
