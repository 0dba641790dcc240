-- Sign-in by a code sent to a university address and by a campus OpenID Connect provider
-- (docs/decisions/sign-in-methods.md); sign-in codes go out ahead of other mail (outbox priority).
CREATE TABLE "email_sign_in_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"region" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"region" text NOT NULL,
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"return_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"user_id" uuid,
	"handoff_hash" text,
	"handoff_expires_at" timestamp with time zone,
	"handoff_used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "notification_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "oidc_sign_ins" ADD CONSTRAINT "oidc_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_sign_in_codes_email_idx" ON "email_sign_in_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "email_sign_in_codes_expires_idx" ON "email_sign_in_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_sign_ins_state_idx" ON "oidc_sign_ins" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_sign_ins_handoff_idx" ON "oidc_sign_ins" USING btree ("handoff_hash");--> statement-breakpoint
CREATE INDEX "oidc_sign_ins_expires_idx" ON "oidc_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("priority" DESC NULLS LAST,"next_attempt_at") WHERE "notification_outbox"."status" = 'pending';