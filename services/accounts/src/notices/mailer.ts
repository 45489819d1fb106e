import { createTransport, type Transporter } from 'nodemailer';
import { LOCAL_SMTP_URL, type AccountsEnv } from '../config';

/** The SMTP connection mail goes out on: SMTP_URL, or the local catcher outside production (config.ts refuses it there). */
export function createMailer(env: Pick<AccountsEnv, 'SMTP_URL'>): Transporter {
  return createTransport(env.SMTP_URL ?? LOCAL_SMTP_URL);
}
