/**
 * The statement that fills posting_attempts for bench:history (bench/lib/history-sql.ts runs it): one row per
 * planned attempt of the temporary table `ha`, with the engine's key (from the record's source id and the
 * generation, as the tables' generated posting_key: records/kinds/shared/posting-key.ts), SAP's
 * DocEntry/DocNum per series (A/R invoices, journal entries) in attempt order, the document sent (the shape of
 * the kind's SAP document: an A/R service invoice or a two-line journal entry, built from `hr`, the record's
 * trip, party and amount) and SAP's words for a refused one. $1 is the requesting user's id.
 */

/** SAP's code and words for a refused document, picked by the attempt's hash. */
const ERROR_CODE = `(ARRAY['-5002', '-10', '-2028', '-1029'])[1 + ha.u % 4]`;
const ERROR_MESSAGE = `(ARRAY['Posting period locked; cannot update the document (OFPR)',
         '1320000126 - G/L account is inactive [JDT1.Account][line: 2]',
         'No matching records found (ODBC -2028) [OCRD.CardCode]',
         'Field cannot be updated (ODBC -1029): the document date is outside the posting period'])[1 + ha.u % 4]`;

/** The rows posting_attempts gets: key, SAP's keys per series, the document sent, errors. */
export const INSERT_ATTEMPTS = `INSERT INTO posting_attempts (id, kind, record_id, idempotency_key, outcome, sap_doc_entry,
      sap_doc_num, error_code, error_message, requested_by_id, started_at, finished_at, generation, claimed_at,
      posting_date, amount, sent_at, document)
  SELECT ha.id, ha.code, ha.record_id, k.key, ha.outcome, d.entry, d.num,
         CASE WHEN ha.outcome = 'failed' THEN ${ERROR_CODE} END,
         CASE WHEN ha.outcome = 'failed' THEN ${ERROR_MESSAGE} END,
         $1::int, coalesce(ha.sent_at, ha.claimed_at), ha.finished_at, ha.generation, ha.claimed_at,
         ha.posting_date, hr.amount, ha.sent_at,
         CASE WHEN ha.sent_at IS NOT NULL THEN
           CASE WHEN hk.entity = 'Invoices' THEN jsonb_build_object('entity', 'Invoices', 'referenceField', 'Reference2',
             'key', k.key, 'debitTotal', hr.amount::text, 'payload', jsonb_build_object('DocType', 'dDocument_Service',
               'CardCode', hr.party, 'DocDate', ha.posting_date, 'DocDueDate', ha.posting_date, 'TaxDate', hr.doc_day,
               'NumAtCard', hr.trip, 'Reference2', k.key, 'Comments', hr.trip || ' ' || hk.noun, 'JournalMemo', hr.trip || ' ' || hk.noun,
               'DocumentLines', jsonb_build_array(jsonb_build_object('ItemDescription', 'Freight', 'AccountCode', '400100', 'LineTotal', hr.amount))))
           ELSE jsonb_build_object('entity', 'JournalEntries', 'referenceField', 'Reference3', 'key', k.key,
             'debitTotal', hr.amount::text, 'payload', jsonb_build_object('ReferenceDate', ha.posting_date, 'DueDate', ha.posting_date,
               'TaxDate', hr.doc_day, 'Memo', coalesce(hr.trip, '') || ' ' || hk.noun, 'Reference3', k.key,
               'JournalEntryLines', jsonb_build_array(
                 jsonb_build_object('ShortName', hr.party, 'Debit', hr.amount, 'LineMemo', coalesce(hr.trip, '') || ' ' || hk.noun),
                 jsonb_build_object('AccountCode', hk.account, 'Credit', hr.amount, 'LineMemo', coalesce(hr.trip, '') || ' ' || hk.noun))))
           END END
    FROM ha
    JOIN hr ON hr.code = ha.code AND hr.record_id = ha.record_id
    JOIN hk ON hk.code = ha.code
   CROSS JOIN LATERAL (SELECT CASE WHEN hk.compact
                                   THEN 'FS' || ff_key_hash(ha.code || chr(31) || hr.source || chr(31) || ha.generation::text, 9)
                                   ELSE 'FF-' || ha.code || '-K' || ff_key_hash(ha.code || chr(31) || hr.source, 13)
                                        || CASE WHEN ha.generation > 1 THEN '-R' || ha.generation ELSE '' END
                              END AS key) k
    LEFT JOIN (SELECT ha2.id, row_number() OVER (PARTITION BY hk2.entity ORDER BY ha2.id) AS n, hk2.entity
                 FROM ha ha2 JOIN hk hk2 ON hk2.code = ha2.code
                WHERE ha2.outcome IN ('posted', 'found')) sn ON sn.id = ha.id
   CROSS JOIN LATERAL (SELECT CASE sn.entity WHEN 'Invoices' THEN 100000 ELSE 500000 END + sn.n AS entry,
                              CASE sn.entity WHEN 'Invoices' THEN 26000000 ELSE 26500000 END + sn.n AS num) d
   ORDER BY ha.id`;
