/**
 * Deterministic ID check. DESIGN.md §7 has every scenario's ID verified, so failures come from the
 * image itself: the sandbox's unreadable test image (sandbox-images.ts) fails as UNREADABLE. An empty
 * file or a format a reader cannot open fail too, though the upload refuses those before the check.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import { addCalendarDays } from '@heloc/domain';
import { hashInt, isoDateOf, sandboxId } from '../shared';
import type { IdentityDocumentProvider } from './index';
import { SANDBOX_UNREADABLE_ID_PNG_BASE64 } from './sandbox-images';

const READABLE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
/** Images are matched by content (the provider is given the stored file's SHA-256, hex). */
const UNREADABLE_ID_SHA256 = createHash('sha256')
  .update(Buffer.from(SANDBOX_UNREADABLE_ID_PNG_BASE64, 'base64'))
  .digest('hex');

export function createSandboxIdentityDocument(options: { clock: Clock }): IdentityDocumentProvider {
  return {
    async verify(request) {
      const checkId = sandboxId('idv', request.idType, request.front.sha256);
      if (!READABLE_TYPES.includes(request.front.contentType)) {
        return {
          outcome: 'FAILED_VERIFICATION',
          checkId,
          status: 'FAILED_VERIFICATION',
          reason: 'UNSUPPORTED_FORMAT',
        };
      }
      if (request.front.sizeBytes <= 0 || request.front.sha256 === UNREADABLE_ID_SHA256) {
        return {
          outcome: 'FAILED_VERIFICATION',
          checkId,
          status: 'FAILED_VERIFICATION',
          reason: 'UNREADABLE',
        };
      }
      return {
        outcome: 'VERIFIED',
        checkId,
        status: 'VERIFIED',
        extracted: {
          firstName: request.applicant.firstName.trim(),
          lastName: request.applicant.lastName.trim(),
          documentNumberLast4: String(hashInt(0, 9999, 'idnum', request.front.sha256)).padStart(4, '0'),
          // Valid for years from "today" on the injected clock, so a test clock never expires it.
          expiresOn: addCalendarDays(isoDateOf(options.clock.now()), 4 * 365),
        },
      };
    },
  };
}
