-- Expand (docs/decisions/061-one-home-for-premium-access.md): users.premium_taken is renamed premium_until while
-- instances of the previous build still read and write premium_taken. The new column is added and filled, and a
-- trigger keeps the two equal whichever build writes; a later release drops the trigger, its function, the old
-- column and its index (the contract step).
ALTER TABLE "users" ADD COLUMN "premium_until" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "premium_until" = "premium_taken";--> statement-breakpoint
CREATE INDEX "users_premium_until_idx" ON "users" USING btree ("premium_until");--> statement-breakpoint
CREATE FUNCTION "users_premium_columns_equal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A write names one of the two: the previous build premium_taken, this one premium_until. The one that changed wins.
  IF TG_OP = 'INSERT' THEN
    NEW.premium_until := coalesce(NEW.premium_until, NEW.premium_taken);
  ELSIF NEW.premium_until IS NOT DISTINCT FROM OLD.premium_until
    AND NEW.premium_taken IS DISTINCT FROM OLD.premium_taken THEN
    NEW.premium_until := NEW.premium_taken;
  END IF;
  NEW.premium_taken := NEW.premium_until;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_premium_columns_equal" BEFORE INSERT OR UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_premium_columns_equal"();
