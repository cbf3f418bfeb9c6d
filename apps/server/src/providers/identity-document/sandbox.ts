/**
 * Deterministic ID check. DESIGN.md §7 has every scenario's ID verified, so failures come from the
 * upload itself: an empty file is unreadable, a format a reader cannot open is unsupported.
 */
import type { Clock } from '../../lib/clock';
import { addCalendarDays, hashInt, isoDateOf, sandboxId } from '../shared';
import type { IdentityDocumentProvider } from './index';

const READABLE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];

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
      if (request.front.sizeBytes <= 0) {
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
