/** The early reads' own script (see early-requests.ts): a separate build entry. */
import { startEarlyRequests } from './early-requests';

startEarlyRequests(window);
