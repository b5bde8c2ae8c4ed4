-- Merchants as a product and operators scoped to merchants (issue 19 items 1 and 2, decisions/060-merchant-scoped-operators.md).

-- A suspended merchant's site answers its maintenance page and member calls `merchant_suspended`; its members'
-- balances and the ledger are left as they are.
ALTER TABLE merchants ADD COLUMN suspended boolean NOT NULL DEFAULT false;

-- A platform operator acts on every merchant with its `role`; any other operator acts only on the merchants of its
-- rows in operator_merchant_roles, each with that row's role. Operators that existed before stay platform-wide.
ALTER TABLE operators ADD COLUMN platform boolean NOT NULL DEFAULT true;

CREATE TABLE operator_merchant_roles (
  operator_id  integer NOT NULL REFERENCES operators (id),
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  role         text NOT NULL CHECK (role IN ('owner', 'finance', 'support', 'content')),
  PRIMARY KEY (operator_id, merchant_id)
);
CREATE INDEX operator_merchant_roles_merchant ON operator_merchant_roles (merchant_id);
