import { EMAIL_CODE_TTL_MS } from '@carpool/shared/sign-in';
import { compileMjml, mailFrame, siteNameOf, type MailBrand, type RenderedMail } from './mail-templates.js';
import { escapeHtml } from './pages.js';

/** The outbox kind of a sign-in code's mail. */
export const SIGN_IN_CODE_KIND = 'sign_in_code';

/**
 * The sign-in code's e-mail (docs/decisions/sign-in-methods.md). Not a notification: no greeting by
 * name (the address may have no account yet), no button and no link (a code mail that links
 * nowhere is one a phishing copy cannot imitate by its link), no unsubscribe (the person asked).
 */
export interface SignInCodeMailInput {
  brand: MailBrand;
  code: string;
}

const minutes = Math.round(EMAIL_CODE_TTL_MS / 60_000);
const subjectOf = (brand: MailBrand) => `Your sign-in code for ${siteNameOf(brand)}`;
const INTRO = 'Here is the code to sign in. Type it where you asked for it:';
const OUTRO = `It works once, for ${minutes} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without the code.`;

/** Compiled once per look of a region; each mail then only fills in its code. */
const compiled = new Map<string, Promise<string>>();
const COMPILED_LAYOUTS_MAX = 200;

function layoutOf(brand: MailBrand): Promise<string> {
  const key = `${brand.slug}|${brand.where}|${brand.colour}`;
  let html = compiled.get(key);
  if (!html) {
    html = compileLayout(brand);
    html.catch(() => compiled.delete(key));
    if (compiled.size >= COMPILED_LAYOUTS_MAX) compiled.clear();
    compiled.set(key, html);
  }
  return html;
}

function compileLayout(brand: MailBrand): Promise<string> {
  const e = escapeHtml;
  const body = `<mj-text>Hello,</mj-text>
        <mj-text>${e(INTRO)}</mj-text>
        <mj-text align="center" font-size="32px" line-height="40px" font-weight="bold" letter-spacing="6px" font-family="Menlo, Consolas, monospace">@@code@@</mj-text>
        <mj-text>${e(OUTRO)}</mj-text>`;
  return compileMjml(mailFrame(brand, { title: e(subjectOf(brand)), preview: e(INTRO), body }), 'sign-in code mail');
}

export async function renderSignInCodeMail(input: SignInCodeMailInput): Promise<RenderedMail> {
  const layout = await layoutOf(input.brand);
  const html = layout.replace('@@code@@', escapeHtml(input.code));
  const text = [siteNameOf(input.brand), '', 'Hello,', '', INTRO, '', `    ${input.code}`, '', OUTRO, ''].join('\n');
  return { subject: subjectOf(input.brand), html, text };
}
