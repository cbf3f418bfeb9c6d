CREATE TABLE "data_key_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resealed" integer
);
