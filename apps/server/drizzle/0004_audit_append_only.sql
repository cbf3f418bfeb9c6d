-- The audit trail is append-only: history may be added to, never rewritten.
CREATE FUNCTION application_events_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'application_events is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER application_events_no_update_or_delete
  BEFORE UPDATE OR DELETE ON application_events
  FOR EACH ROW EXECUTE FUNCTION application_events_append_only();
