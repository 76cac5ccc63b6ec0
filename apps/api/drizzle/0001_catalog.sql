CREATE TABLE "catalog_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_price_points" (
	"coupon_code" text NOT NULL,
	"plan_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "coupon_price_points_coupon_code_plan_id_currency_pk" PRIMARY KEY("coupon_code","plan_id","currency")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"is_legacy" boolean NOT NULL,
	"percent_off" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"once_per_email" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_plans" (
	"package_id" text NOT NULL,
	"plan_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "package_plans_package_id_plan_id_pk" PRIMARY KEY("package_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"identifier" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"default_coupon" text,
	"cross_sell_package_id" text,
	"cross_sell_only" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"identifier" text PRIMARY KEY NOT NULL,
	"interval" integer NOT NULL,
	"unit" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_services" (
	"plan_id" integer NOT NULL,
	"service_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "plan_services_plan_id_service_id_pk" PRIMARY KEY("plan_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"display_title" text NOT NULL,
	"product_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"remote_id" text NOT NULL,
	"period_id" text NOT NULL,
	"extra_period_id" text,
	"tier" text NOT NULL,
	"type" text NOT NULL,
	"group_type" text NOT NULL,
	"subgroup" text,
	"storage_quota_bytes" bigint,
	"bundle_type" text,
	"next_charge_plan" text NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "plans_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "price_points" (
	"plan_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"before_discount_minor" bigint NOT NULL,
	CONSTRAINT "price_points_plan_id_currency_pk" PRIMARY KEY("plan_id","currency")
);
--> statement-breakpoint
CREATE TABLE "service_prices" (
	"service_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "service_prices_service_id_currency_pk" PRIMARY KEY("service_id","currency")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"identifier" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"merchant_id" text NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"attributes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_price_points" ADD CONSTRAINT "coupon_price_points_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_price_points" ADD CONSTRAINT "coupon_price_points_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_plans" ADD CONSTRAINT "package_plans_package_id_packages_identifier_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_plans" ADD CONSTRAINT "package_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_services" ADD CONSTRAINT "plan_services_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_services" ADD CONSTRAINT "plan_services_service_id_services_identifier_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_period_id_periods_identifier_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_extra_period_id_periods_identifier_fk" FOREIGN KEY ("extra_period_id") REFERENCES "public"."periods"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_points" ADD CONSTRAINT "price_points_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_service_id_services_identifier_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;