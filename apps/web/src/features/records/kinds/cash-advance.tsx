import { ledgerJournalScreen } from '../ledger-journal-screen';

/** Cash Advance (docs/spec/product-spec.md section 2): each row needs a posting date and the petty-cash ledger it is paid from. */
export default ledgerJournalScreen('cashAdvance', { tableLabel: 'Cash advances' });
