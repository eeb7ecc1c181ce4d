// zod must be configured for the CSP (no eval) BEFORE the contracts create their object schemas:
// keep this import first, and import the tag contracts' runtime values only through this module.
import '@/lib/zod-config';

export {
  FEW_INPUTS_THRESHOLD,
  INPUT_LENGTH_MAX,
  IMPORT_CONTENT_MAX,
  RESPONSE_LENGTH_MAX,
  TAG_MESSAGES,
  TAG_NAME_MAX,
  foldPhrase,
  tagBody,
  updateTagBody,
} from '@dwitunggal/contracts/tags';
