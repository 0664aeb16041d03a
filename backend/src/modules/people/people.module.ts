import { Module } from '@nestjs/common';
import { PeopleController, SetPasswordController } from './people.controller.js';
import { PeopleService } from './people.service.js';

/** The accounts of the admin panel, their roles and statuses, and the links that set their passwords. */
@Module({
  controllers: [PeopleController, SetPasswordController],
  providers: [PeopleService],
  exports: [PeopleService],
})
export class PeopleModule {}
