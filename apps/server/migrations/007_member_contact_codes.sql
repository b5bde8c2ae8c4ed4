-- Codes that prove a member holds a new mobile number or e-mail address before it is bound (securityCenter).
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes
  ADD CONSTRAINT verification_codes_purpose_check
  CHECK (purpose IN ('login', 'register', 'reset', 'second_check', 'contact'));
