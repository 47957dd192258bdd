// Decorators with metadata (NestJS, TypeORM) need the reflect API before any class is defined.
require('reflect-metadata');
