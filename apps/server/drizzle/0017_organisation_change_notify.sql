-- Organisation data changed (a deploy's seed, an operator's edit): tell every instance, which
-- re-reads its in-memory organisation directory (modules/organisations/change-listener.ts).
-- A statement-level trigger: one notice per statement, delivered when the transaction commits.
CREATE FUNCTION organisations_changed_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('heloc_org_changes', TG_OP);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER organisations_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organisations
  FOR EACH STATEMENT EXECUTE FUNCTION organisations_changed_notify();
