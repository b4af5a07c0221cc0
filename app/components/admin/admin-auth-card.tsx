import type { ReactNode } from "react";
import { AdminLanguageSwitch } from "./admin-language";

/** The centred card of the staff sign-in steps (password, then code), with the language switch below. */
export function AdminAuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </div>
      <AdminLanguageSwitch tone="light" />
    </main>
  );
}
