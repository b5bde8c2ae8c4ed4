-- VIP service (spec §6): a member whose rank level is above 4 reaches the VIP service instead of live chat. Their
-- conversations are marked when opened, so operators see them as their own queue, listed first.
ALTER TABLE chat_conversations ADD COLUMN vip boolean NOT NULL DEFAULT false;
ALTER TABLE chat_conversations ADD CONSTRAINT chat_conversations_vip_member CHECK (NOT vip OR visitor_kind = 'member');
CREATE INDEX chat_conversations_vip_open ON chat_conversations (vip DESC, id) WHERE status <> 'closed';
