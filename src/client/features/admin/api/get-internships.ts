import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InternshipDto } from "../../../../shared/schemas/internships.js";
import { apiFetch } from "../../../lib/api.js";

export const internshipsQuery = () =>
  queryOptions({
    queryKey: ["admin", "internships"],
    queryFn: () => apiFetch<{ internships: InternshipDto[] }>("/api/admin/internships"),
    select: (data) => data.internships,
  });

export const useInternships = () => useQuery(internshipsQuery());
