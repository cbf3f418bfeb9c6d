/** Message text with only allow-listed links clickable (spec 2 §5); line breaks kept. */
import { Fragment } from 'react';
import { linkifyChatText } from '@heloc/domain';

export function MessageText({ text, linkHosts }: { text: string; linkHosts: readonly string[] }) {
  return (
    <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {linkifyChatText(text, linkHosts).map((segment, index) =>
        segment.kind === 'link' ? (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.text}
          </a>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </span>
  );
}
