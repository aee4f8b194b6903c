// Evaluated in a task of its own before the app (boot.ts): the framework's modules, then the app's.
import 'react';
import 'react-dom/client';
import 'react-router';
import '@tanstack/react-query';
