-- The members module now owns the payment password and counts wrong tries with its other throttles
-- (membersService.verifyPaymentPassword); payments no longer keeps a table of its own for them.
DROP TABLE payment_password_failures;
