import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { buildFooterModel } from '@heloc/domain';
import type { TFooterModel, TOperatingHoursEntry, TOrgData } from '@heloc/domain';
import { ExternalLink } from '@/components/ui/external-link';
import classes from './org-footer.module.css';

/** Equal Housing Lender house mark; the words beside it carry the meaning, so the drawing is hidden. */
function EqualHousingIcon() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <path d="M16 3 2 13v3h3v13h22V16h3v-3L16 3Zm8 23H8V14.5L16 8.3l8 6.2V26Z" fill="currentColor" />
      <path d="M11 15h10v2.5H11zM11 20h10v2.5H11z" fill="currentColor" />
    </svg>
  );
}

function Marks({ model }: { model: TFooterModel }) {
  if (!model.lenderMark && !model.showNcuaLogo) return null;
  return (
    <ul className={classes.marks} aria-label="Lender notices">
      {model.lenderMark ? (
        <li className={classes.mark}>
          {model.lenderMark.kind === 'EHL' ? <EqualHousingIcon /> : null}
          <span>{model.lenderMark.label}</span>
        </li>
      ) : null}
      {model.showNcuaLogo ? (
        <li className={classes.mark}>
          <span>
            Federally insured by <abbr title="National Credit Union Administration">NCUA</abbr>
          </span>
        </li>
      ) : null}
    </ul>
  );
}

interface OrgFooterProps {
  org: TOrgData;
  /** OPS_PHONE operating hours; the hours line appears once they are known. */
  operatingHours?: readonly TOperatingHoursEntry[] | null;
  /** The fe-webchat flag: adds the web-chat note to the customer service contacts. */
  webChatEnabled?: boolean;
  /** The way to write to the CEO (signed-in pages), shown with the customer service contacts. */
  feedback?: ReactNode;
}

/**
 * The organisation footer: contacts (with the operating hours line and the web-chat note), licensing,
 * notices, legal links (with the Illinois notice where it applies) and numbered disclosures, all decided
 * by `buildFooterModel` (packages/domain/src/footer.ts). The hours and the flag come from calls, so the
 * footer renders at once and gains those lines when they arrive.
 */
export function OrgFooter({ org, operatingHours, webChatEnabled = false, feedback }: OrgFooterProps) {
  const model = useMemo(
    () => buildFooterModel(org, { operatingHours, webChatEnabled }),
    [org, operatingHours, webChatEnabled],
  );

  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.inner}>
        <div className={classes.columns}>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={classes.heading}>
              Customer service
            </h2>
            <p className={classes.company}>{model.companyName}</p>
            <address className={classes.address}>
              {model.address}
              <br />
              Phone: <a href={model.customerService.phone.href}>{model.customerService.phone.label}</a>
              <br />
              Email: <a href={model.customerService.email.href}>{model.customerService.email.label}</a>
            </address>
            {model.customerService.hours ? <p>{model.customerService.hours}</p> : null}
            {model.customerService.webChatNote ? <p>{model.customerService.webChatNote}</p> : null}
            {feedback ? <p>{feedback}</p> : null}
          </section>

          <section aria-labelledby="footer-licensing">
            <h2 id="footer-licensing" className={classes.heading}>
              Licensing
            </h2>
            <p>
              <ExternalLink href={model.nmls.href} newTab>
                {model.nmls.label}
              </ExternalLink>
            </p>
            <h3 id="footer-states" className={classes.subheading}>
              Licensed states
            </h3>
            <ul className={classes.inlineList} aria-labelledby="footer-states">
              {model.licensedStates.map((state) => (
                <li key={state.code}>{state.name}</li>
              ))}
            </ul>
            {model.moreStatesNote ? <p>{model.moreStatesNote}</p> : null}
            <p>{model.newYorkNotice.text}</p>
          </section>

          <nav aria-labelledby="footer-links">
            <h2 id="footer-links" className={classes.heading}>
              Legal
            </h2>
            <ul className={classes.linkList}>
              {model.links.map((link) => (
                <li key={`${link.kind}:${link.href}:${link.label}`}>
                  <ExternalLink href={link.href} newTab={link.newTab}>
                    {link.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <Marks model={model} />

        <section aria-labelledby="footer-disclosures" className={classes.disclosures}>
          <h2 id="footer-disclosures" className={classes.heading}>
            Disclosures
          </h2>
          <ol className={classes.footnotes}>
            {model.footnotes.map((note) => (
              <li key={note.key} id={`footnote-${note.number}`} value={note.number}>
                {note.text}
              </li>
            ))}
          </ol>
          {model.disclosureCopy ? <p>{model.disclosureCopy}</p> : null}
          <p>{model.securityNote}</p>
        </section>
      </Container>
    </footer>
  );
}
