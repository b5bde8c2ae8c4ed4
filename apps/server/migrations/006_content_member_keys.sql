-- Member keys of the content and support tables (004), added once the members table (002) exists.

ALTER TABLE announcement_popup_seen
  ADD CONSTRAINT announcement_popup_seen_member FOREIGN KEY (member_id) REFERENCES members (id);
ALTER TABLE feedback
  ADD CONSTRAINT feedback_member FOREIGN KEY (member_id) REFERENCES members (id);
ALTER TABLE member_messages
  ADD CONSTRAINT member_messages_member FOREIGN KEY (member_id) REFERENCES members (id);
ALTER TABLE chat_conversations
  ADD CONSTRAINT chat_conversations_member FOREIGN KEY (member_id) REFERENCES members (id);
