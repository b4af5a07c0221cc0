import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];

/** Staff sign-in (SPEC 2 "Admin login"). Outside the public shell: no top bar, no footer. */
export default function AdminLogin() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Admin Login</h1>
        <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
          Secure Login
        </p>
        <p className="mt-6 text-sm text-slate-600">Staff sign-in opens here.</p>
      </div>
    </main>
  );
}
