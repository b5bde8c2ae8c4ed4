-- When a merchant's gateway account was last changed in the back office (shown beside the masked secret).
ALTER TABLE payment_gateway_credentials ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
