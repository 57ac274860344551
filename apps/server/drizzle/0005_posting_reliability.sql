-- Placeholder: replaced by the change that needs this migration (remove the journal entry if unused).
SELECT 1;
