import { EMAIL_CODE_TTL_MS } from '@carpool/shared/sign-in';
import { TAGLINE } from '@carpool/shared/regions';
import { siteNameOf, type MailBrand, type RenderedMail } from './mail-templates.js';
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

async function compileLayout(look: MailBrand): Promise<string> {
  const e = escapeHtml;
  const brand = look.colour;
  const mjml = `<mjml lang="en">
  <mj-head>
    <mj-title>${e(subjectOf(look))}</mj-title>
    <mj-preview>${e(INTRO)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#1f2937" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="${brand}" padding="16px 8px">
      <mj-column>
        <mj-text color="#ffffff" font-size="20px" font-weight="bold">${e(siteNameOf(look))}</mj-text>
        <mj-text color="#ffffff" font-size="13px" padding-top="0">${e(TAGLINE)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 8px">
      <mj-column>
        <mj-text>Hello,</mj-text>
        <mj-text>${e(INTRO)}</mj-text>
        <mj-text align="center" font-size="32px" line-height="40px" font-weight="bold" letter-spacing="6px" font-family="Menlo, Consolas, monospace">@@code@@</mj-text>
        <mj-text>${e(OUTRO)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(mjml, { validationLevel: 'strict', keepComments: false });
  if (errors.length > 0) throw new Error(`sign-in code mail: ${errors.map((error) => error.formattedMessage).join('; ')}`);
  return html;
}

export async function renderSignInCodeMail(input: SignInCodeMailInput): Promise<RenderedMail> {
  const layout = await layoutOf(input.brand);
  const html = layout.replace('@@code@@', escapeHtml(input.code));
  const text = [siteNameOf(input.brand), '', 'Hello,', '', INTRO, '', `    ${input.code}`, '', OUTRO, ''].join('\n');
  return { subject: subjectOf(input.brand), html, text };
}
