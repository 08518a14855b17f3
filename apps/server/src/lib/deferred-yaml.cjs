// `yaml` as @fastify/swagger and @fastify/swagger-ui use it (stringify, for the YAML documents), loaded
// when a YAML document is first asked for rather than with the server (ADR 033): the package holds
// 8.5 MB of an idle process. startup-memory.ts points their `require('yaml')` here.
'use strict';

let yaml;
module.exports = {
  stringify: (...args) => {
    yaml ??= require('yaml');
    return yaml.stringify(...args);
  },
};
