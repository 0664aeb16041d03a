import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { InteractionFormController } from './interaction-form.controller.js';
import { InteractionCounts } from './interaction-counts.js';
import { InteractionsController } from './interactions.controller.js';
import { InteractionsService } from './interactions.service.js';

@Module({ imports: [ArticlesModule], controllers: [InteractionsController, InteractionFormController], providers: [InteractionsService, InteractionCounts] })
export class InteractionsModule {}
