export declare function nodeVersionProblem(version?: string): string | null;
